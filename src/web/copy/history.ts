/** components/ui/history-panel.tsx */
export const historyPanelCopy = {
  periode: 'Période',
  chargementDeLEvolution: 'Chargement de l’évolution',
  erreur: 'Erreur: ',
  votesCount: (count: string, plural: boolean) => `${count} ${plural ? 'votes' : 'vote'}`,
  aucunVote: 'aucun vote',
  echantillonEncoreTropPetit: 'Échantillon encore trop petit : ',
  surCettePeriodeLa: 'sur cette période. La courbe s’affiche à partir de ',
  votes: 'votes.',
} as const;
