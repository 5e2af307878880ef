import { SITE } from '../../shared/site.js';
import type { SubPage } from './sub-pages.js';

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
  { page: 'voteChain', label: 'Voter à la chaîne' },
  { page: 'trackRecord', label: 'Mon bilan' },
  { page: 'documentation', label: 'Documentation' },
  { page: 'privacy', label: 'Confidentialité' },
  { page: 'legal', label: 'Mentions légales' },
  { page: 'cookies', label: 'Cookies' },
  // The conformity status beside the link, as the RGAA asks of every site's footer.
  { page: 'accessibility', label: 'Accessibilité : non conforme' },
];

export const MENU_PAGES: readonly InternalLink[] = [
  { page: 'voteChain', label: 'Voter à la chaîne' },
  { page: 'trackRecord', label: 'Mon bilan' },
  { page: 'documentation', label: 'Documentation' },
  { page: 'legal', label: 'Mentions légales' },
  { page: 'cookies', label: 'Politique de cookies' },
  { page: 'privacy', label: 'Confidentialité' },
  { page: 'accessibility', label: 'Accessibilité' },
];

/** The transparency page is a hash route (`#transparence`), not a sub-page: it has its own link. */
export const TRANSPARENCY_LINK = { menuLabel: 'Transparence des votes', footerLabel: 'Transparence' } as const;

export const OUTSIDE_LINKS: readonly ExternalLink[] = [
  { href: SITE.pressUrl, label: 'Presse', external: true },
  { href: `mailto:${SITE.contactEmail}`, label: 'Contact', external: false },
  { href: SITE.socialUrl, label: SITE.socialName, external: true },
];

export const COPYRIGHT_SHORT = `© ${SITE.copyrightYear} ${SITE.name}`;
export const COPYRIGHT = `${COPYRIGHT_SHORT}. Tous droits réservés.`;
