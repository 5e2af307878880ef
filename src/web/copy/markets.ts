/** features/markets/lib.ts */
export const marketsLibVoteLabel = { yes: 'OUI', no: 'NON' } as const;
export const marketsLibVerdict = { right: 'Vous aviez vu juste', wrong: 'Pas cette fois' } as const;
export const marketsLibParticipants = (count: string, plural: boolean) => `${count} ${plural ? 'participants' : 'participant'}`;

/** features/markets/components/market-card.tsx */
export const marketCardOui = 'OUI';
export const marketCardNon = 'NON';
export const marketCardVoterOui = (title: string | number) => `Voter OUI : ${title}`;
export const marketCardVoterNon = (title: string | number) => `Voter NON : ${title}`;
export const marketCardVousAvezVote = 'Vous avez voté ';

/** features/markets/components/market-grid.tsx */
export const marketGridChargement = 'Chargement…';
export const marketGridAfficherPlusDePredictions = 'Afficher plus de prédictions';

/** features/markets/components/market-list.tsx */
export const marketListChargementDesPredictions = 'Chargement des prédictions';
export const marketListErreur = 'Erreur: ';
export const marketListReessayer = 'Réessayer';
export const marketListAucunePredictionTrouvee = 'Aucune prédiction trouvée';
export const marketListEssayezDeModifierVos = 'Essayez de modifier vos filtres ou votre recherche';
/** Offline, a search of a catalogue longer than one page runs on the predictions the device keeps. */
export const marketListRechercheHorsConnexion = (count: string, plural: boolean) =>
  `Hors connexion : résultats parmi ${count} ${plural ? 'prédictions enregistrées' : 'prédiction enregistrée'} sur cet appareil.`;

/** features/markets/components/category-badge.tsx */
export const categoryBadgeTendance = 'Tendance';

/** features/markets/components/market-card.tsx and vote-panel.tsx: the note of a vote kept without network */
export const pendingVoteNoteVoteEnAttente = (value: string | number) => `Vote ${value} en attente.`;

/** features/markets/components/probability-ring.tsx */
export const probabilityRingDeOui = 'de OUI';
export const probabilityRingProbabiliteDeOui = (label: string | number) => `Probabilité de OUI : ${label} %. `;
export const probabilityRingLesAvisSontPartages = 'Les avis sont partagés.';
export const probabilityRingLesParticipantsPenchentPour = 'Les participants penchent pour le OUI.';
export const probabilityRingLesParticipantsPenchentPour2 = 'Les participants penchent pour le NON.';

/** features/markets/components/resolved-outcome.tsx */
export const resolvedOutcomeResultat = 'Résultat : ';
export const resolvedOutcomeVousAvezVote = (value: string | number) => `\u00a0· vous avez voté\u00a0${value}`;

/** features/markets/api/get-markets.ts */
export const getMarketsErreurLorsDeLa = (cause: string | number) => `Erreur lors de la récupération des marchés: ${cause}`;
