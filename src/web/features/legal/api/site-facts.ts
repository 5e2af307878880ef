import { useQuery } from '@tanstack/react-query';
import { queryKeyOf, type AnswerOf } from '../../../../shared/api/caller.js';
import { DEMO_VALUE_MARK, type SiteFact } from '../../../../shared/site-facts.js';
import { call } from '../../../lib/api-client.js';

type SiteAnswer = AnswerOf<'getSite'>;

/** The deployment's publisher and host (`GET /api/site`), read by the legal notice and the privacy page. */
export function useSiteFacts() {
  return useQuery({
    queryKey: queryKeyOf('getSite'),
    queryFn: ({ signal }) => call('getSite', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A fact as the pages show it: its value, marked when it is still the demonstration one; "…" until loaded. */
export function siteFact(site: SiteAnswer | undefined, fact: SiteFact): string {
  if (!site) return '…';
  return site.demoValues.includes(fact) ? `${site[fact]} ${DEMO_VALUE_MARK}` : site[fact];
}
