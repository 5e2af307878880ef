/** features/transparency/components/transparency-page.tsx */
export const transparencyPageCopy = {
  identityAfterCode: '). Il ne contient ni nom, ni numéro, rien qui permette de vous retrouver.',
  uneIdentiteDelivreePar: 'Une identité délivrée par le serveur',
  desVotrePremierGeste:
    'Dès votre premier geste sur la page (toucher, clic ou touche du clavier), le serveur remet à l’appareil un identifiant anonyme, signé pour qu’on ne puisse pas l’inventer. Il est gardé un an sur l’appareil (cookie et stockage local',
  unePreuveDeTravail: 'Une preuve de travail invisible',
  avantChaqueVoteLe:
    'Avant chaque vote, le téléphone résout en arrière-plan un petit calcul demandé par le serveur : une fraction de seconde pour vous, mais un coût qui grimpe vite pour un programme qui voudrait voter des milliers de fois. Aucune case à cocher, aucune image à reconnaître.',
  desBudgetsQuiRespectent: 'Des budgets qui respectent les adresses partagées',
  surLesReseauxMobiles:
    'Sur les réseaux mobiles de l’île, des centaines de téléphones partagent une même adresse Internet. Aucune adresse n’est bloquée : le calcul ne devient plus long que pour un appareil ou une adresse dont les votes acceptés dépassent un budget horaire. Les demandes refusées ne coûtent rien aux téléphones voisins, et la popularité d’une prédiction ne change jamais le prix d’un vote.',
  desRafalesRepereesExaminees: 'Des rafales repérées, examinées, exclues au besoin',
  quandUneMemeAdresse:
    'Quand une même adresse envoie en quelques minutes des dizaines de votes d’identités toutes neuves, presque tous dans le même sens, le serveur signale cette rafale. Après examen, l’équipe peut l’exclure des résultats publics : ces votes restent enregistrés et peuvent être réintégrés. Les exclusions de chaque jour figurent dans le tableau ci-dessous.',
  aucuneDonneePersonnelleAucun: 'Aucune donnée personnelle, aucun tiers',
  lAdresseDeConnexion:
    'L’adresse de connexion ne sert qu’en mémoire, ou transformée de façon irréversible avec une clé qui change chaque jour, pour ces budgets et, pendant 30 jours, pour repérer les rafales ; elle-même n’est jamais enregistrée avec un vote, seul son groupe ainsi haché l’est. Tout se passe sur nos serveurs : aucun service extérieur, aucun cookie tiers. Les chiffres ci-dessus sont des totaux par jour.',
  chiffresDuVotePar: 'Chiffres du vote par jour, du plus récent au plus ancien',
  jour: 'Jour',
  chargementDesChiffres: 'Chargement des chiffres',
  erreur: 'Erreur: ',
  reessayer: 'Réessayer',
  difficulteDuJour: 'Difficulté du jour :',
  jourParJour: 'Jour par jour',
  les30DerniersJours: 'Les 30 derniers jours, heure de La Réunion, du plus récent au plus ancien.',
  aucunVoteEnregistrePour: 'Aucun vote enregistré pour l’instant.',
  transparenceDesVotes: 'Transparence des votes',
  chaqueVoteCompteUne:
    'Chaque vote compte une fois, sans compte ni inscription. Voici comment nous l’assurons, et les chiffres du vote jour après jour : publics, agrégés, sans aucune donnée personnelle.',
  commentVosVotesSont: 'Comment vos votes sont protégés',
} as const;

/** features/transparency/lib/transparency-text.ts */
export const transparencyTextCopy = {
  normale: 'Normale',
  votesAcceptes: 'Votes acceptés',
  votesEnregistresPredictionsEt: 'votes enregistrés, prédictions et communes',
  participants: 'Participants',
  appareilsDifferentsAyantVote: 'appareils différents ayant voté ce jour-là',
  identitesDelivrees: 'Identités délivrées',
  nouveauxAppareilsReconnusPar: 'nouveaux appareils reconnus par le serveur',
  refusesPreuveReutilisee: 'Refusés : preuve réutilisée',
  unePreuveDeTravail: 'une preuve de travail déjà utilisée, renvoyée',
  refusesTropRapides: 'Refusés : trop rapides',
  auDelaDesLimites: 'au-delà des limites de débit',
  refusesPreuveAbsenteOu: 'Refusés : preuve absente ou invalide',
  preuveManquanteFausseOu: 'preuve manquante, fausse ou expirée, ou appareil non reconnu',
  rafalesDetectees: 'Rafales détectées',
  votesGroupesVenusDe: 'votes groupés venus de peu d’adresses, d’identités toutes neuves, presque tous du même côté',
  votesExclusRafaleConcentree: 'Votes exclus (rafale concentrée)',
  retiresDesResultatsPublics: 'retirés des résultats publics après examen d’une rafale ; conservés, ils peuvent être réintégrés',
  desactivee: 'Désactivée',
  laProtectionEstDesactivee: 'La protection est désactivée sur ce serveur : aucun calcul n’est demandé aux appareils.',
  enTempsNormalUn: (normal: string | number) =>
    `En temps normal, un vote demande à votre appareil environ ${normal} calculs, une fraction de seconde sur un téléphone.`,
  cEstCeQu: (normal: string | number) => `${normal} C’est ce qu’ont demandé la plupart des votes aujourd’hui.`,
  relevee: 'Relevée',
  aujourdHuiLaPlupart: (normal: string | number, typical: string | number, value: string | number) =>
    `${normal} Aujourd’hui, la plupart des votes en ont demandé environ ${typical}, soit ${value} fois plus.`,
} as const;
