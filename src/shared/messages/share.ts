/** The share pages (`/p/:id`, `/c/:insee`) and their preview pictures, rendered by the server. */
export const SHARE_MESSAGES = {
  /** The sentence under « Prédiction introuvable » on an unknown prediction's link. */
  predictionNotFound: 'Ce lien ne mène à aucune prédiction : elle a peut-être été retirée, ou l’adresse est incomplète.',
  /** The sentence under « Élection introuvable » on an unknown commune's link. */
  communeNotFound: 'Ce lien ne mène à aucune commune : l’adresse est peut-être incomplète ou mal recopiée.',
  /** The picture of a commune nobody stands in yet. */
  noCandidateYet: 'Aucun candidat pour l’instant',
  yes: 'OUI',
  no: 'NON',
} as const;

/** The link of a prediction's share page to the prediction in the app. */
export function seePredictionOn(siteName: string): string {
  return `Voir la prédiction sur ${siteName}`;
}

/** The link of a commune's share page to its election in the app. */
export function seeElectionOn(siteName: string): string {
  return `Voir l’élection sur ${siteName}`;
}

/** The way home of a share page whose link leads nowhere (the site's name already escaped for HTML). */
export function goHomeOf(siteName: string): string {
  return `Aller à l’accueil de ${siteName}`;
}
