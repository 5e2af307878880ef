import { SITE } from '../../shared/site.js';
import type { SubPage } from './sub-pages.js';
import { siteLinksCopy } from '../copy/shell.js';

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
  { page: 'voteChain', label: siteLinksCopy.voterALaChaine },
  { page: 'trackRecord', label: siteLinksCopy.monBilan },
  { page: 'documentation', label: siteLinksCopy.documentation },
  { page: 'privacy', label: siteLinksCopy.confidentialite },
  { page: 'legal', label: siteLinksCopy.mentionsLegales },
  { page: 'cookies', label: siteLinksCopy.cookies },
  // The conformity status beside the link, as the RGAA asks of every site's footer.
  { page: 'accessibility', label: siteLinksCopy.accessibiliteNonConforme },
];

export const MENU_PAGES: readonly InternalLink[] = [
  { page: 'voteChain', label: siteLinksCopy.voterALaChaine },
  { page: 'trackRecord', label: siteLinksCopy.monBilan },
  { page: 'documentation', label: siteLinksCopy.documentation },
  { page: 'legal', label: siteLinksCopy.mentionsLegales },
  { page: 'cookies', label: siteLinksCopy.politiqueDeCookies },
  { page: 'privacy', label: siteLinksCopy.confidentialite },
  { page: 'accessibility', label: siteLinksCopy.accessibilite },
];

/** The transparency page is a hash route (`#transparence`), not a sub-page: it has its own link. */
export const TRANSPARENCY_LINK = {
  menuLabel: siteLinksCopy.transparenceDesVotes,
  footerLabel: siteLinksCopy.transparence,
} as const;

export const OUTSIDE_LINKS: readonly ExternalLink[] = [
  { href: SITE.pressUrl, label: siteLinksCopy.presse, external: true },
  { href: `mailto:${SITE.contactEmail}`, label: siteLinksCopy.contact, external: false },
  { href: SITE.socialUrl, label: SITE.socialName, external: true },
];

export const COPYRIGHT_SHORT = `© ${SITE.copyrightYear} ${SITE.name}`;
export const COPYRIGHT = siteLinksCopy.tousDroitsReserves(COPYRIGHT_SHORT);
