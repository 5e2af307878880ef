/**
 * Product identity, contact and outside links: one place for every screen and page. The publisher and host of a
 * deployment are not here: they are its operator's (src/shared/site-facts.ts, `GET /api/site`).
 */
export const SITE = {
  name: 'Prédi974',
  tagline: 'Les prédictions de La Réunion',
  contactEmail: 'contact@predi974.re',
  pressUrl: 'https://www.clicanoo.re',
  socialUrl: 'https://www.facebook.com/predi974',
  socialName: 'Facebook',
  privacyUpdatedAt: '2025-10-07',
  copyrightYear: 2026,
} as const;
