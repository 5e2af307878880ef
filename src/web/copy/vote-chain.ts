/** features/vote-chain/components/chain-card.tsx */
export const chainCardCopy = {
  oui: 'OUI',
  non: 'NON',
  passer: 'Passer',
} as const;

/** features/vote-chain/components/vote-chain-page.tsx */
export const voteChainPageCopy = {
  enregistrement: 'Enregistrement...',
  votreChoix: 'Votre choix',
  non: 'NON',
  passer: 'Passer ',
  oui: 'OUI ',
  prediction: 'Prédiction ',
  sur: 'sur ',
  terminer: 'Terminer',
  votreVoteNA: 'Votre vote n’a pas été compté. ',
  reessayer: 'Réessayer',
  cettePredictionVientDe: 'Cette prédiction vient de se fermer : passez à la suivante.',
  auClavier: 'Au clavier : ',
  oui2: 'OUI, ',
  non2: 'NON, ',
  ou: 'ou ',
  pourPasser: 'pour passer.',
  glissezLaCarteA: 'Glissez la carte à droite pour OUI, à gauche pour NON, vers le haut pour passer.',
  chargementDesPredictions: 'Chargement des prédictions',
  impossibleDeChargerLes: 'Impossible de charger les prédictions. ',
  voterALaChaine: 'Voter à la chaîne',
  lesPredictionsOuvertesSur:
    'Les prédictions ouvertes sur lesquelles vous n’avez pas encore voté, une à la fois. Répondez OUI ou NON, ou passez.',
} as const;

/** features/vote-chain/components/chain-summary.tsx */
export const chainSummaryCopy = {
  cEstFini: 'C’est fini !',
  oui: 'OUI',
  non: 'NON',
  passees: 'Passées',
  passee: 'Passée',
  predictionsSeSontFermees: (closedCount: string | number) => `${closedCount} prédictions se sont fermées pendant la série.`,
  n1PredictionSEst: '1 prédiction s’est fermée pendant la série.',
  voirLesResultats: 'Voir les résultats',
  reprendre: 'Reprendre (',
  votreSerie: 'Votre série',
  rienAVoterPour: 'Rien à voter pour l’instant',
  vousAvezVoteSur: 'Vous avez voté sur toutes les prédictions ouvertes. Revenez bientôt !',
} as const;
