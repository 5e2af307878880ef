/** Refusals of the admin API's creations (`/api/admin/…`): the identifier asked for is already used. */
export const ADMIN_MESSAGES = {
  marketIdTaken: 'Une prédiction porte déjà cet identifiant',
  communeIdTaken: 'Une élection porte déjà cet identifiant',
  candidateIdTaken: 'Un candidat porte déjà cet identifiant',
} as const;

/** Refusals of the news and weather-alert admin API (`/api/admin/news`, `/api/admin/alerts`). */
export const NEWS_MESSAGES = {
  newsNotFound: 'Article introuvable',
  alertNotFound: 'Alerte introuvable',
  newsIdTaken: 'Un article porte déjà cet identifiant',
  alertIdTaken: 'Une alerte porte déjà cet identifiant',
} as const;
