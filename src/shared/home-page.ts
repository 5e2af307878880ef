import type { MarketPage } from './market-list.js';

/**
 * The server-rendered home screen (docs/decisions/026-server-rendered-first-screen.md): what the server embeds in
 * the page beside the rendered markup, so the browser's first render reads the same data and hydrates the same DOM.
 */
export interface HomePageData {
  /** The list's first page exactly as `GET /api/markets?page=1` served it for the version rendered. */
  page: MarketPage;
  /** When the server rendered this version (ms since the epoch): the cards' "{n}j restants" are computed at it. */
  renderedAt: number;
}

/** The id of the `<script type="application/json">` element that carries the data (the CSP runs no inline script). */
export const HOME_DATA_ELEMENT_ID = 'home-data';

/** The markup the server's renderer produces inside `#root` for one version of the list. */
export type HomeRenderer = (data: HomePageData) => string;

/**
 * The data as the text of a script element: JSON with `<` escaped, so no title can close the element
 * (`</script>`) or open a comment in it, whatever an administrator typed.
 */
export function homeDataScript(data: HomePageData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${HOME_DATA_ELEMENT_ID}">${json}</script>`;
}

/**
 * How long after its rendering a page's list is taken as fresh in the browser. The server renders each version of the
 * first page once, and renders it again at least every 60 s (home-page.ts), so a page from the
 * network is younger than this; an older one is the service worker's copy, and its list is read again at once.
 */
export const HOME_DATA_FRESH_MS = 90_000;

/**
 * Header of the server's page at `/index.html`: the revision of the page's template (`dist/web/index.html`) it was
 * drawn from, as the service worker's list of its files names it. The worker keeps that page as its shell; it takes a
 * newer drawing of it only from a server of its own version (same template, same scripts).
 */
export const SHELL_REVISION_HEADER = 'x-predi974-shell-revision';

/** The message a page sends its service worker once the app runs: fetch the server's page again as the next shell. */
export const REFRESH_SHELL_MESSAGE = 'REFRESH_SHELL';
