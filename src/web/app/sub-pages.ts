export type SubPage = 'documentation' | 'legal' | 'cookies' | 'privacy' | 'accessibility' | 'trackRecord' | 'voteChain';

/** Each static page's own address, so it can be linked, reloaded and reached again with Back. */
export const SUB_PAGE_HASHES: Record<SubPage, string> = {
  documentation: 'documentation',
  legal: 'mentions-legales',
  cookies: 'cookies',
  privacy: 'confidentialite',
  accessibility: 'accessibilite',
  trackRecord: 'bilan',
  voteChain: 'a-la-chaine',
};
