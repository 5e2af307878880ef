/** Product identity, contact and outside links: one place for every screen and page. */
export const SITE = {
  name: 'Prédi974',
  tagline: 'Les prédictions de La Réunion',
  contactEmail: 'contact@predi974.re',
  pressUrl: 'https://www.clicanoo.re',
  socialUrl: 'https://www.facebook.com/predi974',
  socialName: 'Facebook',
  publisher: 'Prédi974, Saint-Denis, La Réunion, France',
  privacyUpdatedAt: '2025-10-07',
  hosting: 'un fournisseur de « backend-as-a-service », serveurs situés à Singapour',
  copyrightYear: 2026,
} as const;
