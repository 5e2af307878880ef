/** features/transparency/components/transparency-page.tsx */
export const transparencyPageIdentityAfterCode = '). Il ne contient ni nom, ni numéro, rien qui permette de vous retrouver.';
export const transparencyPageUneIdentiteDelivreePar = 'Une identité délivrée par le serveur';
export const transparencyPageDesVotrePremierGeste =
  'Dès votre premier geste sur la page (toucher, clic ou touche du clavier), le serveur remet à l’appareil un identifiant anonyme, signé pour qu’on ne puisse pas l’inventer. Il est gardé un an sur l’appareil (cookie et stockage local';
export const transparencyPageUnePreuveDeTravail = 'Une preuve de travail invisible';
export const transparencyPageAvantChaqueVoteLe =
  'Avant chaque vote, le téléphone résout en arrière-plan un petit calcul demandé par le serveur : une fraction de seconde pour vous, mais un coût qui grimpe vite pour un programme qui voudrait voter des milliers de fois. Aucune case à cocher, aucune image à reconnaître.';
export const transparencyPageDesBudgetsQuiRespectent = 'Des budgets qui respectent les adresses partagées';
export const transparencyPageSurLesReseauxMobiles =
  'Sur les réseaux mobiles de l’île, des centaines de téléphones partagent une même adresse Internet. Aucune adresse n’est bloquée : le calcul ne devient plus long que pour un appareil ou une adresse dont les votes acceptés dépassent un budget horaire. Les demandes refusées ne coûtent rien aux téléphones voisins, et la popularité d’une prédiction ne change jamais le prix d’un vote.';
export const transparencyPageDesRafalesRepereesExaminees = 'Des rafales repérées, examinées, exclues au besoin';
export const transparencyPageQuandUneMemeAdresse =
  'Quand une même adresse envoie en quelques minutes des dizaines de votes d’identités toutes neuves, presque tous dans le même sens, le serveur signale cette rafale. Après examen, l’équipe peut l’exclure des résultats publics : ces votes restent enregistrés et peuvent être réintégrés. Les exclusions de chaque jour figurent dans le tableau ci-dessus.';
export const transparencyPageAucuneDonneePersonnelleAucun = 'Aucune donnée personnelle, aucun tiers';
export const transparencyPageLAdresseDeConnexion =
  'L’adresse de connexion ne sert qu’en mémoire, ou transformée de façon irréversible avec une clé qui change chaque jour, pour ces budgets et, pendant 30 jours, pour repérer les rafales ; elle-même n’est jamais enregistrée avec un vote, seul son groupe ainsi haché l’est. Tout se passe sur nos serveurs : aucun service extérieur, aucun cookie tiers. Les chiffres ci-dessus sont des totaux par jour.';
export const transparencyPageChiffresDuVotePar = 'Chiffres du vote par jour, du plus récent au plus ancien';
export const transparencyPageJour = 'Jour';
export const transparencyPageChargementDesChiffres = 'Chargement des chiffres';
export const transparencyPageErreur = 'Erreur: ';
export const transparencyPageReessayer = 'Réessayer';
export const transparencyPageDifficulteDuJour = 'Difficulté du jour :';
export const transparencyPageJourParJour = 'Jour par jour';
export const transparencyPageLes30DerniersJours = 'Les 30 derniers jours, heure de La Réunion, du plus récent au plus ancien.';
export const transparencyPageAucunVoteEnregistrePour = 'Aucun vote enregistré pour l’instant.';
export const transparencyPageTransparenceDesVotes = 'Transparence des votes';
export const transparencyPageChaqueVoteCompteUne =
  'Chaque vote compte une fois, sans compte ni inscription. Voici comment nous l’assurons, et les chiffres du vote jour après jour : publics, agrégés, sans aucune donnée personnelle.';
export const transparencyPageCommentVosVotesSont = 'Comment vos votes sont protégés';

/** features/transparency/lib/transparency-text.ts */
export const transparencyTextNormale = 'Normale';
export const transparencyTextVotesAcceptes = 'Votes acceptés';
export const transparencyTextVotesEnregistresPredictionsEt = 'votes enregistrés, prédictions et communes';
export const transparencyTextParticipants = 'Participants';
export const transparencyTextAppareilsDifferentsAyantVote = 'appareils différents ayant voté ce jour-là';
export const transparencyTextIdentitesDelivrees = 'Identités délivrées';
export const transparencyTextNouveauxAppareilsReconnusPar = 'nouveaux appareils reconnus par le serveur';
export const transparencyTextRefusesPreuveReutilisee = 'Refusés : preuve réutilisée';
export const transparencyTextUnePreuveDeTravail = 'une preuve de travail déjà utilisée, renvoyée';
export const transparencyTextRefusesTropRapides = 'Refusés : trop rapides';
export const transparencyTextAuDelaDesLimites = 'au-delà des limites de débit';
export const transparencyTextRefusesPreuveAbsenteOu = 'Refusés : preuve absente ou invalide';
export const transparencyTextPreuveManquanteFausseOu = 'preuve manquante, fausse ou expirée, ou appareil non reconnu';
export const transparencyTextRafalesDetectees = 'Rafales détectées';
export const transparencyTextVotesGroupesVenusDe =
  'votes groupés venus de peu d’adresses, d’identités toutes neuves, presque tous du même côté';
export const transparencyTextVotesExclusRafaleConcentree = 'Votes exclus (rafale concentrée)';
export const transparencyTextRetiresDesResultatsPublics =
  'retirés des résultats publics après examen d’une rafale ; conservés, ils peuvent être réintégrés';
export const transparencyTextDesactivee = 'Désactivée';
export const transparencyTextLaProtectionEstDesactivee =
  'La protection est désactivée sur ce serveur : aucun calcul n’est demandé aux appareils.';
export const transparencyTextEnTempsNormalUn = (normal: string | number) =>
  `En temps normal, un vote demande à votre appareil environ ${normal} calculs, une fraction de seconde sur un téléphone.`;
export const transparencyTextCEstCeQu = (normal: string | number) =>
  `${normal} C’est ce qu’ont demandé la plupart des votes aujourd’hui.`;
export const transparencyTextRelevee = 'Relevée';
export const transparencyTextAujourdHuiLaPlupart = (normal: string | number, typical: string | number, value: string | number) =>
  `${normal} Aujourd’hui, la plupart des votes en ont demandé environ ${typical}, soit ${value} fois plus.`;
