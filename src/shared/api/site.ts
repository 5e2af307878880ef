import { z } from 'zod';
import { defineEndpoints } from './contract.js';

const siteFactSchema = z.enum(['publisher', 'publisherAddress', 'contactEmail', 'hostName', 'hostAddress', 'hostCountry']);

export const siteFactsSchema = z
  .strictObject({
    publisher: z.string(),
    publisherAddress: z.string(),
    contactEmail: z.string(),
    hostName: z.string(),
    hostAddress: z.string(),
    hostCountry: z.string(),
    /** The facts still at their demonstration value (their SITE_* variable unset). */
    demoValues: z.array(siteFactSchema),
  })
  .meta({ id: 'SiteFacts' });

export const siteEndpoints = defineEndpoints({
  getSite: {
    method: 'GET',
    url: '/api/site',
    summary: 'Publisher and host of this deployment, for the legal notice and the privacy page (SITE_* variables)',
    answer:
      '200 `{ publisher, publisherAddress, contactEmail, hostName, hostAddress, hostCountry, demoValues }` (`demoValues`: the facts still at their demonstration value)',
    tags: ['operations'],
    response: { 200: siteFactsSchema },
  },
});
