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
  hostMissing: 'Requête invalide : en-tête Host manquant',
  headersTooLarge: 'En-têtes de requête trop volumineux',
  requestTimeout: 'Requête trop lente : délai dépassé',
  expectationFailed: 'En-tête Expect non pris en charge',
  responseOutOfContract: 'Réponse hors contrat',

  /** A vote tried with no network: it is not kept to be sent later, the visitor tries again. */
  offlineVote: 'Pas de connexion : votre vote n’a pas été envoyé. Réessayez quand le réseau reviendra.',
  /** A vote on a card or the detail made with no network: kept on the device, sent once (docs/decisions/038). */
  pendingVote: 'Votre vote sera envoyé dès le retour de la connexion.',
  /** The kept vote reached the server. */
  pendingVoteSent: 'Votre vote en attente a bien été envoyé.',
  /** The server refused the kept vote (followed by its reason). */
  pendingVoteRefused: 'Votre vote en attente n’a pas été accepté\u00a0:',
} as const;

/** A list page past the last one of its result (`GET /api/markets?page=n`). */
export function pageOutOfRangeMessage(pageCount: number): string {
  return `Cette page n’existe pas : la dernière page de cette liste est la page ${pageCount}.`;
}

/** The list's error, as the specification wraps it. */
export function marketListErrorMessage(status: number): string {
  return `Erreur lors de la récupération des marchés: HTTP error! status: ${status}`;
}

/** Refusals of the protection, in French; the browser recognises them by their exact text. */
export const PROTECTION_MESSAGES = {
  /** 403: the fingerprint was not issued by this server (forged, or signed with another secret). */
  identityUnknown: 'Cet appareil n’est pas reconnu. Une nouvelle identité va lui être attribuée, veuillez réessayer.',
  /** 400: protection on and no proof sent. */
  proofMissing: 'Preuve de travail manquante : veuillez réessayer.',
  /** 403: the proof does not solve its challenge, or the challenge was not signed by this server. */
  proofInvalid: 'Preuve de travail invalide : veuillez réessayer.',
  /** 403: the challenge is past its expiry. */
  proofExpired: 'Preuve de travail expirée : veuillez réessayer.',
  /** 403: the challenge was already spent (single use, on every instance). */
  proofReplayed: 'Preuve de travail déjà utilisée : veuillez réessayer.',
  /** 403: the challenge authorises something else (another identity, prediction, commune or choice). */
  proofMismatch: 'Preuve de travail émise pour une autre action : veuillez réessayer.',
  /** 403: the price due when the proof was spent had risen past what it paid (many votes from its address meanwhile). */
  proofUnderpriced: 'Preuve de travail insuffisante, le prix a augmenté entre-temps : veuillez réessayer.',
} as const;

/** 503 answers of `GET /api/health/ready`: why the load balancer should send this instance no traffic. */
export const READINESS_MESSAGES = {
  database: 'Instance non prête : la base de données ne répond pas dans le délai imparti.',
  changeBus: 'Instance non prête : la connexion d’écoute des changements (LISTEN) est coupée.',
  schema:
    'Instance non prête : la base de données ne contient pas les tables attendues (base recréée vide ou migrations non appliquées).',
} as const;

/** Refusals of the admin's burst decisions (`/api/admin/bursts/:id/…`). */
export const BURST_MESSAGES = {
  notFound: 'Rafale introuvable',
  alreadyExcluded: 'Rafale déjà exclue',
  alreadyIncluded: 'Rafale déjà comptée : rien à réintégrer',
  /** 409: its signals were purged (after 30 days) or its figures no longer meet the rule. */
  votesUnknown: 'Les votes de cette rafale ne peuvent plus être désignés',
} as const;

// The rest of the catalogue, by part of the site; this file is its one entry.
export * from './messages/admin.js';
export * from './messages/share.js';
export * from './messages/cli.js';
export * from './messages/validation.js';
export * from './messages/figures.js';
export * from './messages/server.js';
