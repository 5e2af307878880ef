/** features/legal/components/cookie-policy-page.tsx */
export const cookiePolicyPageCopy = {
  memoriseVotreChoixDans: 'Mémorise votre choix dans le bandeau cookies (accepté ou refusé) pour ne plus vous le demander.',
  stockageLocalDuNavigateur: 'Stockage local du navigateur',
  memoriseLeThemeD: 'Mémorise le thème d’affichage choisi, clair ou sombre.',
  memoriseQueVousAvez:
    'Mémorise que vous avez lu « Comment ça marche ? », pour que cette présentation ne s’ouvre plus d’elle-même.',
  identifiantAnonymeDeVotre:
    'Identifiant anonyme de votre appareil, délivré et signé par notre serveur dès votre premier geste sur la page (toucher, clic ou touche du clavier), puis relu à chaque visite sans jamais être recalculé. Il reconnaît vos votes et limite la fraude (un vote par prédiction et par appareil).',
  stockageLocalDuNavigateur2: 'Stockage local du navigateur et cookie',
  gardeUnVoteFait:
    'Garde un vote fait sans connexion (la prédiction et OUI ou NON) jusqu’à son envoi, dès le retour de la connexion ; il est retiré dès que le serveur l’a compté.',
  jusquALEnvoi: 'jusqu’à l’envoi du vote',
  politiqueDeCookies: 'Politique de cookies',
  aucunTraceurPublicitaire: 'Aucun traceur publicitaire',
  n5ElementsSeulement: '5 éléments seulement',
  n1AnAuPlus: '1 an au plus',
  utiliseLeStrictNecessaire:
    'utilise le strict nécessaire pour fonctionner : aucun cookie publicitaire, aucun traceur de mesure d’audience, aucun partage avec des tiers.',
  ceQueNousEnregistrons: 'Ce que nous enregistrons',
  cinqElementsSontEnregistres:
    'Cinq éléments sont enregistrés sur votre appareil, pour une durée de 1 an au plus (un vote en attente, jusqu’à son envoi) :',
  duree: 'Durée : ',
  finalite: 'Finalité',
  emplacement: 'Emplacement',
  leThemeLeConsentement:
    'Le thème, le consentement, la lecture de «\u00a0Comment ça marche\u202f?\u00a0», l’empreinte et les votes en attente sont conservés dans le stockage local de votre navigateur ; l’identifiant',
  estAussiDeposeSous:
    'est aussi déposé sous forme de cookie, par notre serveur lorsqu’il le délivre et par l’application à chaque visite, pour 1 an.',
  avantChaqueVoteVotre:
    'Avant chaque vote, votre appareil calcule aussi une preuve de travail (un petit calcul invisible contre les votes automatisés) : elle est envoyée avec le vote et n’est enregistrée ni sur votre appareil, ni dans un cookie.',
  pourquoiIlsSontNecessaires: 'Pourquoi ils sont nécessaires',
  fiabiliteDesVotes: 'Fiabilité des votes',
  sansIdentifiantDAppareil:
    ': sans identifiant d’appareil, une même personne pourrait voter plusieurs fois. Si vous l’effacez, votre appareil en reçoit un nouveau, comme un nouveau visiteur.',
  confort: 'Confort',
  votreThemeEtVotre: ': votre thème et votre choix de cookies sont retrouvés à chaque visite.',
  gererVosChoix: 'Gérer vos choix',
  vousPouvezRefuserLes:
    'Vous pouvez refuser les cookies avec le bouton « Refuser » du bandeau, et effacer à tout moment ces éléments depuis les réglages de votre navigateur (données de site, stockage local). Vos votes liés à cet appareil peuvent être téléchargés ou effacés depuis la page Politique de confidentialité.',
  uneQuestionEcrivezNous: 'Une question ? Écrivez-nous à ',
} as const;
