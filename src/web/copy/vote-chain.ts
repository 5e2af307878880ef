/** features/vote-chain/components/chain-card.tsx */
export const chainCardOui = 'OUI';
export const chainCardNon = 'NON';
export const chainCardPasser = 'Passer';

/** features/vote-chain/components/vote-chain-page.tsx */
export const voteChainPageEnregistrement = 'Enregistrement...';
export const voteChainPageVotreChoix = 'Votre choix';
export const voteChainPageNon = 'NON';
export const voteChainPagePasser = 'Passer ';
export const voteChainPageOui = 'OUI ';
export const voteChainPagePrediction = 'Prédiction ';
export const voteChainPageSur = 'sur ';
export const voteChainPageTerminer = 'Terminer';
export const voteChainPageVotreVoteNA = 'Votre vote n’a pas été compté. ';
export const voteChainPageReessayer = 'Réessayer';
export const voteChainPageCettePredictionVientDe = 'Cette prédiction vient de se fermer : passez à la suivante.';
export const voteChainPageAuClavier = 'Au clavier : ';
export const voteChainPageOui2 = 'OUI, ';
export const voteChainPageNon2 = 'NON, ';
export const voteChainPageOu = 'ou ';
export const voteChainPagePourPasser = 'pour passer.';
export const voteChainPageGlissezLaCarteA = 'Glissez la carte à droite pour OUI, à gauche pour NON, vers le haut pour passer.';
export const voteChainPageVoteEnAttente = (vote: string) => `Vote ${vote} en attente.`;
export const voteChainPageChargementDesPredictions = 'Chargement des prédictions';
export const voteChainPageImpossibleDeChargerLes = 'Impossible de charger les prédictions. ';
export const voteChainPageVoterALaChaine = 'Voter à la chaîne';
export const voteChainPageLesPredictionsOuvertesSur =
  'Les prédictions ouvertes sur lesquelles vous n’avez pas encore voté, une à la fois. Répondez OUI ou NON, ou passez.';

/** features/vote-chain/components/chain-summary.tsx */
export const chainSummaryCEstFini = 'C’est fini !';
export const chainSummaryOui = 'OUI';
export const chainSummaryNon = 'NON';
export const chainSummaryPassees = 'Passées';
export const chainSummaryPassee = 'Passée';
export const chainSummaryPredictionsSeSontFermees = (closedCount: string | number) =>
  `${closedCount} prédictions se sont fermées pendant la série.`;
export const chainSummaryN1PredictionSEst = '1 prédiction s’est fermée pendant la série.';
export const chainSummaryVoirLesResultats = 'Voir les résultats';
export const chainSummaryReprendre = 'Reprendre (';
export const chainSummaryVotreSerie = 'Votre série';
export const chainSummaryEnAttente = (count: number) =>
  count > 1
    ? `Dont ${count} votes en attente d’envoi\u00a0: ils seront envoyés dès le retour de la connexion.`
    : `Dont ${count} vote en attente d’envoi\u00a0: il sera envoyé dès le retour de la connexion.`;
export const chainSummaryVoteEnAttente = 'En attente';
export const chainSummaryRienAVoterPour = 'Rien à voter pour l’instant';
export const chainSummaryVousAvezVoteSur = 'Vous avez voté sur toutes les prédictions ouvertes. Revenez bientôt !';
