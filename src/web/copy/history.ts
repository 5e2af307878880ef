/** components/ui/history-panel.tsx */
export const historyPanelPeriode = 'Période';
export const historyPanelChargementDeLEvolution = 'Chargement de l’évolution';
export const historyPanelErreur = 'Erreur: ';
export const historyPanelVotesCount = (count: string, plural: boolean) => `${count} ${plural ? 'votes' : 'vote'}`;
export const historyPanelAucunVote = 'aucun vote';
export const historyPanelEchantillonEncoreTropPetit = 'Échantillon encore trop petit : ';
export const historyPanelSurCettePeriodeLa = 'sur cette période. La courbe s’affiche à partir de ';
export const historyPanelVotes = 'votes.';
