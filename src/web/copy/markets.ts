/** features/markets/lib.ts */
export const marketsLibCopy = {
  voteLabel: { yes: 'OUI', no: 'NON' },
  verdict: { right: 'Vous aviez vu juste', wrong: 'Pas cette fois' },
  participants: (count: string, plural: boolean) => `${count} ${plural ? 'participants' : 'participant'}`,
} as const;

/** features/markets/components/market-card.tsx */
export const marketCardCopy = {
  oui: 'OUI',
  non: 'NON',
  voterOui: (title: string | number) => `Voter OUI : ${title}`,
  voterNon: (title: string | number) => `Voter NON : ${title}`,
  vousAvezVote: 'Vous avez voté ',
} as const;

/** features/markets/components/market-grid.tsx */
export const marketGridCopy = {
  chargement: 'Chargement…',
  afficherPlusDePredictions: 'Afficher plus de prédictions',
} as const;

/** features/markets/components/market-list.tsx */
export const marketListCopy = {
  chargementDesPredictions: 'Chargement des prédictions',
  erreur: 'Erreur: ',
  reessayer: 'Réessayer',
  aucunePredictionTrouvee: 'Aucune prédiction trouvée',
  essayezDeModifierVos: 'Essayez de modifier vos filtres ou votre recherche',
} as const;

/** features/markets/components/category-badge.tsx */
export const categoryBadgeCopy = {
  tendance: 'Tendance',
} as const;

/** features/markets/components/pending-vote-note.tsx */
export const pendingVoteNoteCopy = {
  voteEnAttente: (value: string | number) => `Vote ${value} en attente.`,
} as const;

/** features/markets/components/probability-ring.tsx */
export const probabilityRingCopy = {
  deOui: 'de OUI',
  probabiliteDeOui: (label: string | number) => `Probabilité de OUI : ${label} %. `,
  lesAvisSontPartages: 'Les avis sont partagés.',
  lesParticipantsPenchentPour: 'Les participants penchent pour le OUI.',
  lesParticipantsPenchentPour2: 'Les participants penchent pour le NON.',
} as const;

/** features/markets/components/resolved-outcome.tsx */
export const resolvedOutcomeCopy = {
  resultat: 'Résultat : ',
  vousAvezVote: (value: string | number) => `\u00a0· vous avez voté\u00a0${value}`,
} as const;

/** features/markets/api/get-markets.ts */
export const getMarketsCopy = {
  erreurLorsDeLa: (cause: string | number) => `Erreur lors de la récupération des marchés: ${cause}`,
} as const;
