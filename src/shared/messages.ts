/**
 * Every user-facing error text, in one catalogue. The first group is the specification's
 * error catalogue, word for word; the rest are the server's own answers to bad requests.
 */
export const MESSAGES = {
  fingerprintMissing: 'Empreinte utilisateur non disponible',
  genericError: 'Une erreur est survenue',
  voteFlowError: 'Une erreur est survenue lors du vote.',
  alreadyVoted: 'Already voted',
  unknownError: 'Erreur inconnue',

  fingerprintInvalid: 'Empreinte utilisateur invalide',
  marketNotFound: 'Prédiction introuvable',
  communeNotFound: 'Élection introuvable',
  candidateNotFound: 'Candidat introuvable pour cette élection',
  marketEnded: 'Ce marché est terminé. Les votes ne sont plus acceptés.',
  municipalVoteClosed: 'Le vote pour cette élection est terminé.',
  voteChangeForbidden: 'Vous avez déjà voté pour cette prédiction : un vote ne peut pas être modifié.',
  invalidJson: 'Corps de requête JSON invalide',
  bodyTooLarge: 'Requête trop volumineuse (16 Ko au maximum)',
  unsupportedMediaType: 'Le corps de la requête doit être envoyé en JSON (Content-Type: application/json)',
  forbiddenOrigin: 'Origine de la requête non autorisée',
  routeNotFound: 'Ressource introuvable',
  unauthorized: 'Accès non autorisé',
  adminDisabled: 'Administration désactivée',
  serviceUnavailable: 'Service momentanément indisponible, veuillez réessayer dans un instant.',
  tooManyRequests: 'Trop de requêtes : veuillez réessayer dans quelques instants.',
  tooManyStreams: 'Trop de connexions en direct depuis cette adresse.',
  invalidRequest: 'Requête invalide',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The list's error, as the specification wraps it. */
export function marketListErrorMessage(status: number): string {
  return `Erreur lors de la récupération des marchés: HTTP error! status: ${status}`;
}
