import type { z } from 'zod';
import type { siteFactsSchema } from './api/site.js';
import { SITE } from './site.js';

/**
 * Who publishes and who hosts this deployment, for the legal notice and the privacy page. Whoever deploys
 * Prédi974 is its publisher and chooses its host: the server reads them from SITE_* variables and serves
 * them at `GET /api/site`. Unset, each falls back to the demonstration value below, which the pages mark
 * as such.
 */
export type SiteFacts = Omit<z.output<typeof siteFactsSchema>, 'demoValues'>;

export type SiteFact = keyof SiteFacts;

/** The demonstration values: the site's own when nobody has said otherwise. */
export const DEMO_SITE_FACTS: SiteFacts = {
  publisher: 'Prédi974',
  publisherAddress: 'Saint-Denis, La Réunion, France',
  contactEmail: SITE.contactEmail,
  hostName: 'un fournisseur de « backend-as-a-service »',
  hostAddress: 'adresse non renseignée',
  hostCountry: 'Singapour',
};

/** Shown after a value that is still the demonstration one. */
export const DEMO_VALUE_MARK = '(valeur de démonstration)';

/** The 27 member states, as their names are written in French (without accents, lower case). */
const EUROPEAN_UNION = [
  'allemagne',
  'autriche',
  'belgique',
  'bulgarie',
  'chypre',
  'croatie',
  'danemark',
  'espagne',
  'estonie',
  'finlande',
  'france',
  'grece',
  'hongrie',
  'irlande',
  'italie',
  'lettonie',
  'lituanie',
  'luxembourg',
  'malte',
  'pays-bas',
  'pologne',
  'portugal',
  'roumanie',
  'slovaquie',
  'slovenie',
  'suede',
  'tchequie',
  'republique tcheque',
  // French overseas departments are in the Union.
  'la reunion',
];

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether servers in `country` keep data inside the European Union (decides the privacy page's transfer sentence). */
export function isInEuropeanUnion(country: string): boolean {
  const words = ` ${plain(country).replace(/[^a-z-]+/g, ' ')} `;
  return EUROPEAN_UNION.some((name) => words.includes(` ${name} `));
}
