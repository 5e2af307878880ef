/** features/markets/components/market-detail.tsx */
export const predi974 = (title: string | number) => `${title} — Prédi974`;
export const predi974LesPredictionsDe = 'Prédi974 — Les prédictions de La Réunion';
export const predictionIntrouvable = 'Prédiction introuvable';
export const erreur = (error: string | number) => `Erreur: ${error}`;
export const finLe = 'Fin le ';
export const resultatsActuels = 'Résultats actuels';
export const oui = 'OUI';
export const non = 'NON';
export const probabilite = 'Probabilité';
export const margeDErreur95 = 'Marge d’erreur (95 %) :';
export const ouiEntre = 'OUI entre';
export const et = 'et ';
export const calculeeCommeSiLes =
  'Calculée comme si les votants avaient été tirés au sort : ce vote ouvert à tous en donne un ordre de grandeur.';
export const chargementDeLaPrediction = 'Chargement de la prédiction';

/** features/markets/components/market-history.tsx */
export const marketHistoryEvolutionDuOui = 'Évolution du OUI';

/** features/markets/components/vote-panel.tsx */
export const votePanelVoteTermine = 'Vote terminé:';
export const votePanelCeMarcheEstTermine = 'Ce marché est terminé. Les votes ne sont plus acceptés.';
export const votePanelVotreVote = 'Votre vote :';
export const votePanelVousNAvezPas = 'Vous n’avez pas voté sur cette prédiction.';
export const votePanelChargementDeVotreVote = 'Chargement de votre vote';
export const votePanelVoteEnregistre = 'Vote enregistré!';
export const votePanelVousAvezVote = 'Vous avez voté ';
export const votePanelChangerMonVote = 'Changer mon vote';
export const votePanelUnVoteNePeut = 'Un vote ne peut pas être modifié : une seule voix par prédiction et par appareil.';
export const votePanelVotreVoixPasseraDe = '. Votre voix passera de l’autre côté, sans compter un participant de plus.';
export const votePanelEnregistrement = 'Enregistrement...';
export const votePanelChangerPour = (value: string | number) => `Changer pour ${value}`;
export const votePanelAnnuler = 'Annuler';
export const votePanelVotreChoix = 'Votre choix';
export const votePanelVousEtesSurLe = 'Vous êtes sur le point de voter';
export const votePanelVoter = (value: string | number) => `Voter ${value}`;
export const votePanelVotrePrediction = 'Votre prédiction';
