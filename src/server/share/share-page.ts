import { goHomeOf } from '../../shared/messages.js';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../../shared/share.js';
import { SITE } from '../../shared/site.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values of the share pages: titles come from admins, so every value goes through this. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

// Inline styles are allowed by the site's CSP (style-src 'unsafe-inline'); scripts are not, hence partage.js.
const STYLE = `
:root{color-scheme:light dark;--bg:#effcfc;--card:#fff;--text:#0f172a;--muted:#475569;--accent:#1d6a79;--accent-text:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#0e2f38;--card:#0f172a;--text:#f8fafc;--muted:#cbd5e1;--accent:#41c1cc;--accent-text:#0e2f38}}
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:24px;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
main{width:100%;max-width:560px;background:var(--card);border-radius:24px;padding:32px 28px;box-shadow:0 10px 30px rgb(15 23 42/.12)}
.brand{margin:0 0 16px;font-weight:800;font-size:1.1rem;letter-spacing:-.01em;color:var(--accent)}
h1{margin:0 0 12px;font-size:1.5rem;line-height:1.25;overflow-wrap:anywhere}
p{margin:0 0 24px;color:var(--muted)}
a.action{display:inline-block;padding:12px 20px;border-radius:999px;background:var(--accent);color:var(--accent-text);font-weight:700;text-decoration:none}
a.action:focus-visible{outline:3px solid var(--text);outline-offset:3px}
`;

function document(head: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(SITE.name)}</p>
${body}
</main>
</body>
</html>
`;
}

export interface SharePage {
  title: string;
  description: string;
  /** Address of this page (og:url and canonical): absolute when the site's origin is known, else from the root. */
  url: string;
  /** Address of its picture, absolute or from the root as `url`. */
  imageUrl: string;
  imageAlt: string;
  /** The app's address for it: `/#prediction-<id>`, `/#commune-<insee>`. */
  appHref: string;
  linkText: string;
}

/**
 * The page a shared link answers: Open Graph and Twitter meta for crawlers (which run no script), then
 * /partage.js sends a browser on to the app; without JavaScript the link does it.
 */
export function renderSharePage(page: SharePage): string {
  const e = {
    title: escapeHtml(page.title),
    description: escapeHtml(page.description),
    url: escapeHtml(page.url),
    image: escapeHtml(page.imageUrl),
    alt: escapeHtml(page.imageAlt),
  };
  const head = `<title>${e.title} — ${escapeHtml(SITE.name)}</title>
<meta name="description" content="${e.description}">
<link rel="canonical" href="${e.url}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${escapeHtml(SITE.name)}">
<meta property="og:locale" content="fr_FR">
<meta property="og:url" content="${e.url}">
<meta property="og:title" content="${e.title}">
<meta property="og:description" content="${e.description}">
<meta property="og:image" content="${e.image}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="${PREVIEW_WIDTH}">
<meta property="og:image:height" content="${PREVIEW_HEIGHT}">
<meta property="og:image:alt" content="${e.alt}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${e.title}">
<meta name="twitter:description" content="${e.description}">
<meta name="twitter:image" content="${e.image}">
<meta name="twitter:image:alt" content="${e.alt}">
<script src="/partage.js" defer></script>`;
  const body = `<h1>${e.title}</h1>
<p>${e.description}</p>
<a class="action" data-app-link href="${escapeHtml(page.appHref)}">${escapeHtml(page.linkText)}</a>`;
  return document(head, body);
}

/** An unknown or malformed link: a French page with the same look, and the way home. */
export function renderNotFoundPage(heading: string, sentence: string): string {
  const head = `<title>${escapeHtml(heading)} — ${escapeHtml(SITE.name)}</title>
<meta name="robots" content="noindex">`;
  const body = `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(sentence)}</p>
<a class="action" href="/">${goHomeOf(escapeHtml(SITE.name))}</a>`;
  return document(head, body);
}
