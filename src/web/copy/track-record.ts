/** features/track-record/components/track-record-page.tsx */
export const trackRecordPageCopy = {
  dePredictionsJustes: 'de prédictions justes',
  scoreDeBrier: 'Score de Brier',
  leMeilleur: 'Le meilleur',
  sur: 'Sur ',
  vous: 'Vous',
  laFoule: 'La foule',
  leScoreDeBrier: 'Le score de Brier, en deux mots',
  ilMesureLEcart: 'Il mesure l’écart entre une prévision et ce qui s’est passé, de 0 à 1 : ',
  n0EstParfait: '0 est parfait',
  n1VeutDireToujours: '1 veut dire toujours à côté',
  plusIlEstBas: '. Plus il est bas, mieux c’est.',
  unVoteOuiCompte:
    'Un vote OUI compte comme une prévision de 100\u202f%, un vote NON comme une prévision de 0\u202f%. La prévision de la foule est sa part finale de OUI.',
  pourChaquePredictionOn:
    'Pour chaque prédiction, on prend l’écart entre la prévision et le résultat (100\u202f% si OUI, 0\u202f% si NON), on le met au carré, puis on fait la moyenne. Par exemple, une foule à 70\u202f% de OUI sur une prédiction résolue par OUI est à 0,30 du résultat, ce qui compte 0,09.',
  vuJuste: 'Vu juste',
  rate: 'Raté',
  detail: 'Détail',
  votreVote: 'Votre vote : ',
  resultat: 'Résultat : ',
  foule: 'Foule : ',
  deOui: 'de OUI',
  chargementDuBilan: 'Chargement du bilan',
  pasEncoreDeBilan: 'Pas encore de bilan',
  aucunePredictionSurLaquelle:
    'Aucune prédiction sur laquelle vous avez voté depuis cet appareil n’est encore résolue. Votez, puis revenez une fois les résultats connus.',
  voirLesPredictions: 'Voir les prédictions',
  impossibleDeChargerLes: 'Impossible de charger les prédictions pour calculer votre bilan. ',
  reessayer: 'Réessayer',
  predictionParPrediction: 'Prédiction par prédiction',
  monBilan: 'Mon bilan',
  calculeUniquementAPartir:
    'Calculé uniquement à partir des votes de cet appareil, sur les prédictions déjà résolues. Le calcul se fait ici, sur votre appareil : rien de plus n’est envoyé.',
} as const;

/** features/track-record/lib/track-record-text.ts */
export const trackRecordTextCopy = {
  oui: 'OUI',
  non: 'NON',
  predictionsResolues: (count: string | number) => `${count} prédictions résolues`,
  predictionResolue: (count: string | number) => `${count} prédiction résolue`,
  vousAvezVuJuste: 'Vous avez vu juste sur la seule prédiction résolue.',
  vousNAvezPas: 'Vous n’avez pas vu juste sur la seule prédiction résolue.',
  vousAvezVuJuste2: (right: string | number, total: string | number) =>
    `Vous avez vu juste sur ${right} des ${total} prédictions résolues.`,
  surLaMemePrediction: 'Sur la même prédiction, la foule était partagée à 50\u202f% : ni juste, ni fausse.',
  surLaMemePrediction2: 'Sur la même prédiction, la foule a vu juste.',
  surLaMemePrediction3: 'Sur la même prédiction, la foule s’est trompée.',
  surLesMemesPredictions: (right: string | number, total: string | number) =>
    `Sur les mêmes prédictions, la foule a vu juste ${right} fois sur ${total}.`,
  elleEtaitPartageeA: (main: string | number, even: string | number) =>
    `${main} Elle était partagée à 50\u202f% sur ${even} d’entre elles : ni juste, ni fausse.`,
  votreScoreEstPlus: 'Votre score est plus bas que celui de la foule : vous avez fait mieux qu’elle.',
  leScoreDeLa: 'Le score de la foule est plus bas que le vôtre : la foule a fait mieux que vous.',
  votreScoreEtCelui: 'Votre score et celui de la foule sont égaux : vous faites jeu égal.',
} as const;
