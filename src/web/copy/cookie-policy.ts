/** features/legal/components/cookie-policy-page.tsx */
export const cookiePolicyPageMemoriseVotreChoixDans =
  'Mémorise votre choix dans le bandeau cookies (accepté ou refusé) pour ne plus vous le demander.';
export const cookiePolicyPageStockageLocalDuNavigateur = 'Stockage local du navigateur';
export const cookiePolicyPageMemoriseLeThemeD = 'Mémorise le thème d’affichage choisi, clair ou sombre.';
export const cookiePolicyPageMemoriseQueVousAvez =
  'Mémorise que vous avez lu « Comment ça marche ? », pour que cette présentation ne s’ouvre plus d’elle-même.';
export const cookiePolicyPageIdentifiantAnonymeDeVotre =
  'Identifiant anonyme de votre appareil, délivré et signé par notre serveur dès votre premier geste sur la page (toucher, clic ou touche du clavier), puis relu à chaque visite sans jamais être recalculé. Il reconnaît vos votes et limite la fraude (un vote par prédiction et par appareil).';
export const cookiePolicyPageStockageLocalDuNavigateur2 = 'Stockage local du navigateur et cookie';
export const cookiePolicyPageGardeUnVoteFait =
  'Garde un vote fait sans connexion jusqu’à son envoi, dès le retour de la connexion\u00a0: la prédiction et OUI ou NON, ou, pour les municipales, la commune et le candidat choisi. Il est retiré dès que le serveur l’a compté.';
export const cookiePolicyPageJusquALEnvoi = 'jusqu’à l’envoi du vote';
export const cookiePolicyPagePolitiqueDeCookies = 'Politique de cookies';
export const cookiePolicyPageAucunTraceurPublicitaire = 'Aucun traceur publicitaire';
export const cookiePolicyPageN5ElementsSeulement = '5 éléments seulement';
export const cookiePolicyPageN1AnAuPlus = '1 an au plus';
export const cookiePolicyPageUtiliseLeStrictNecessaire =
  'utilise le strict nécessaire pour fonctionner : aucun cookie publicitaire, aucun traceur de mesure d’audience, aucun partage avec des tiers.';
export const cookiePolicyPageCeQueNousEnregistrons = 'Ce que nous enregistrons';
export const cookiePolicyPageCinqElementsSontEnregistres =
  'Cinq éléments sont enregistrés sur votre appareil, pour une durée de 1 an au plus (un vote en attente, jusqu’à son envoi) :';
export const cookiePolicyPageDuree = 'Durée : ';
export const cookiePolicyPageFinalite = 'Finalité';
export const cookiePolicyPageEmplacement = 'Emplacement';
export const cookiePolicyPageLeThemeLeConsentement =
  'Le thème, le consentement, la lecture de «\u00a0Comment ça marche\u202f?\u00a0», l’empreinte et les votes en attente sont conservés dans le stockage local de votre navigateur ; l’identifiant';
export const cookiePolicyPageEstAussiDeposeSous =
  'est aussi déposé sous forme de cookie, par notre serveur lorsqu’il le délivre et par l’application à chaque visite, pour 1 an.';
export const cookiePolicyPageAvantChaqueVoteVotre =
  'Avant chaque vote, votre appareil calcule aussi une preuve de travail (un petit calcul invisible contre les votes automatisés) : elle est envoyée avec le vote et n’est enregistrée ni sur votre appareil, ni dans un cookie.';
export const cookiePolicyPagePourquoiIlsSontNecessaires = 'Pourquoi ils sont nécessaires';
export const cookiePolicyPageFiabiliteDesVotes = 'Fiabilité des votes';
export const cookiePolicyPageSansIdentifiantDAppareil =
  ': sans identifiant d’appareil, une même personne pourrait voter plusieurs fois. Si vous l’effacez, votre appareil en reçoit un nouveau, comme un nouveau visiteur.';
export const cookiePolicyPageConfort = 'Confort';
export const cookiePolicyPageVotreThemeEtVotre = ': votre thème et votre choix de cookies sont retrouvés à chaque visite.';
export const cookiePolicyPageGererVosChoix = 'Gérer vos choix';
export const cookiePolicyPageVousPouvezRefuserLes =
  'Vous pouvez refuser les cookies avec le bouton « Refuser » du bandeau, et effacer à tout moment ces éléments depuis les réglages de votre navigateur (données de site, stockage local). Vos votes liés à cet appareil peuvent être téléchargés ou effacés depuis la page Politique de confidentialité.';
export const cookiePolicyPageUneQuestionEcrivezNous = 'Une question ? Écrivez-nous à ';
