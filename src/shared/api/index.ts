import type { Endpoint } from './contract.js';
import { adminEndpoints } from './admin.js';
import { marketEndpoints } from './markets.js';
import { municipalEndpoints } from './municipal.js';
import { newsEndpoints } from './news.js';
import { opsEndpoints } from './ops.js';
import { privacyEndpoints } from './privacy.js';
import { protectionEndpoints } from './protection.js';
import { siteEndpoints } from './site.js';

export * from './contract.js';

/** Every endpoint by its name (names are unique across areas): the typed caller looks them up by name. */
export const endpointsByName = {
  ...marketEndpoints,
  ...protectionEndpoints,
  ...municipalEndpoints,
  ...newsEndpoints,
  ...privacyEndpoints,
  ...opsEndpoints,
  ...siteEndpoints,
  ...adminEndpoints,
};
export type ApiEndpoints = typeof endpointsByName;
export type EndpointName = keyof ApiEndpoints;

/** Every endpoint of the API, in the order of the README table. */
export const allEndpoints: readonly Endpoint[] = [
  ...Object.values(marketEndpoints),
  ...Object.values(protectionEndpoints),
  ...Object.values(municipalEndpoints),
  ...Object.values(newsEndpoints),
  ...Object.values(privacyEndpoints),
  ...Object.values(opsEndpoints),
  ...Object.values(siteEndpoints),
  ...Object.values(adminEndpoints),
];
