/** features/markets/components/market-detail.tsx */
export const marketDetailCopy = {
  predi974: (title: string | number) => `${title} — Prédi974`,
  predi974LesPredictionsDe: 'Prédi974 — Les prédictions de La Réunion',
  predictionIntrouvable: 'Prédiction introuvable',
  erreur: (error: string | number) => `Erreur: ${error}`,
  finLe: 'Fin le ',
  resultatsActuels: 'Résultats actuels',
  oui: 'OUI',
  non: 'NON',
  probabilite: 'Probabilité',
  margeDErreur95: 'Marge d’erreur (95 %) :',
  ouiEntre: 'OUI entre',
  et: 'et ',
  calculeeCommeSiLes:
    'Calculée comme si les votants avaient été tirés au sort : ce vote ouvert à tous en donne un ordre de grandeur.',
  chargementDeLaPrediction: 'Chargement de la prédiction',
} as const;

/** features/markets/components/market-history.tsx */
export const marketHistoryCopy = {
  evolutionDuOui: 'Évolution du OUI',
} as const;

/** features/markets/components/vote-panel.tsx */
export const votePanelCopy = {
  voteTermine: 'Vote terminé:',
  ceMarcheEstTermine: 'Ce marché est terminé. Les votes ne sont plus acceptés.',
  votreVote: 'Votre vote :',
  vousNAvezPas: 'Vous n’avez pas voté sur cette prédiction.',
  chargementDeVotreVote: 'Chargement de votre vote',
  voteEnregistre: 'Vote enregistré!',
  vousAvezVote: 'Vous avez voté ',
  changerMonVote: 'Changer mon vote',
  unVoteNePeut: 'Un vote ne peut pas être modifié : une seule voix par prédiction et par appareil.',
  votreVoixPasseraDe: '. Votre voix passera de l’autre côté, sans compter un participant de plus.',
  enregistrement: 'Enregistrement...',
  changerPour: (value: string | number) => `Changer pour ${value}`,
  annuler: 'Annuler',
  votreChoix: 'Votre choix',
  vousEtesSurLe: 'Vous êtes sur le point de voter',
  voter: (value: string | number) => `Voter ${value}`,
  votrePrediction: 'Votre prédiction',
} as const;
