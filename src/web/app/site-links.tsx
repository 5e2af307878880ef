import { SITE } from '../../shared/site.js';
import type { SubPage } from './sub-pages.js';
import * as shellCopy from '../copy/shell.js';

export interface InternalLink {
  page: SubPage;
  label: string;
}

export interface ExternalLink {
  href: string;
  label: string;
  external: boolean;
}

export const FOOTER_PAGES: readonly InternalLink[] = [
  // The more menu is a phone feature: on large screens the footer is the way to the documentation.
  { page: 'voteChain', label: shellCopy.siteLinksVoterALaChaine },
  { page: 'trackRecord', label: shellCopy.siteLinksMonBilan },
  { page: 'documentation', label: shellCopy.siteLinksDocumentation },
  { page: 'privacy', label: shellCopy.siteLinksConfidentialite },
  { page: 'legal', label: shellCopy.siteLinksMentionsLegales },
  { page: 'cookies', label: shellCopy.siteLinksCookies },
  // The conformity status beside the link, as the RGAA asks of every site's footer.
  { page: 'accessibility', label: shellCopy.siteLinksAccessibiliteNonConforme },
];

export const MENU_PAGES: readonly InternalLink[] = [
  { page: 'voteChain', label: shellCopy.siteLinksVoterALaChaine },
  { page: 'trackRecord', label: shellCopy.siteLinksMonBilan },
  { page: 'documentation', label: shellCopy.siteLinksDocumentation },
  { page: 'legal', label: shellCopy.siteLinksMentionsLegales },
  { page: 'cookies', label: shellCopy.siteLinksPolitiqueDeCookies },
  { page: 'privacy', label: shellCopy.siteLinksConfidentialite },
  { page: 'accessibility', label: shellCopy.siteLinksAccessibilite },
];

/** The transparency page is a hash route (`#transparence`), not a sub-page: it has its own link. */
export const TRANSPARENCY_LINK = {
  menuLabel: shellCopy.siteLinksTransparenceDesVotes,
  footerLabel: shellCopy.siteLinksTransparence,
} as const;

export const OUTSIDE_LINKS: readonly ExternalLink[] = [
  { href: SITE.pressUrl, label: shellCopy.siteLinksPresse, external: true },
  { href: `mailto:${SITE.contactEmail}`, label: shellCopy.siteLinksContact, external: false },
  { href: SITE.socialUrl, label: SITE.socialName, external: true },
];

export const COPYRIGHT_SHORT = `© ${SITE.copyrightYear} ${SITE.name}`;
export const COPYRIGHT = shellCopy.siteLinksTousDroitsReserves(COPYRIGHT_SHORT);
