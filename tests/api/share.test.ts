import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { marketRow } from '../support/market-row.js';
import { castVote, newIdentity } from '../support/voting.js';

const NOW = new Date('2026-11-24T10:00:00.000Z');
/** U+202F, the narrow no-break space of French numbers ("1 234", "46 %"). */
const NNBSP = '\u202F';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const TRAP_TITLE = `<script>alert("x")</script> & l'île "piège"`;

function market(
  id: string,
  title: string,
  fields: { yes: number; no: number; end?: string; resolved?: boolean; outcome?: string },
) {
  return marketRow(id, title, {
    yes_votes: fields.yes,
    no_votes: fields.no,
    ...(fields.end === undefined ? {} : { end_date: fields.end }),
    resolved: fields.resolved ? 1 : 0,
    outcome: fields.outcome ?? null,
  });
}

/** The `content` of a meta tag, as written in the page (still HTML-escaped). */
function meta(html: string, key: string): string | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<meta (?:property|name)="${escaped}" content="([^"]*)">`).exec(html)?.[1];
}

async function page(url: string) {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Width and height from the PNG's IHDR chunk (bytes 16–23, big-endian). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe.each(DIALECTS)('share pages and pictures on %s', (dialect) => {
  let t: TestServer;
  let now = NOW;

  beforeAll(async () => {
    t = await startTestServer(dialect, { SEED: 'none', PUBLIC_URL: 'https://predi974.re/' }, { clock: () => now });
    const { db } = t.server.database;
    await db
      .insertInto('markets')
      .values([
        market('cyclone-avant-fevrier', 'Un cyclone avant février ?', { yes: 567, no: 667 }),
        market('eruption-fournaise', 'Le Piton de la Fournaise entrera-t-il en éruption ?', {
          yes: 30,
          no: 10,
          resolved: true,
          outcome: 'yes',
        }),
        market('route-littoral', 'La route du littoral rouvrira-t-elle ?', { yes: 0, no: 0, end: '2026-11-01T00:00:00.000Z' }),
        market('titre-piege', TRAP_TITLE, { yes: 1, no: 0 }),
      ])
      .execute();
    await db
      .insertInto('municipal_markets')
      .values({
        id: '97411',
        title: 'Élection Municipale Saint-Denis 2026',
        trending: 0,
        created_at: '2026-10-01T00:00:00.000Z',
        total_votes: 289,
      })
      .execute();
    await db
      .insertInto('municipal_candidates')
      .values([
        { id: 'c1', market_id: '97411', name: 'Teddy Lauret', votes: 166 },
        { id: 'c2', market_id: '97411', name: 'Marie-Paule Dalleau', votes: 63 },
        { id: 'c3', market_id: '97411', name: 'Josian Técher', votes: 60 },
      ])
      .execute();
  });
  afterAll(async () => t?.close());

  it('/p/<id>: French page with the Open Graph and Twitter meta of the prediction', async () => {
    const { status, headers, html } = await page(`${t.url}/p/cyclone-avant-fevrier`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=300');
    // With PUBLIC_URL the page is the same whatever the host asked: nothing to vary on.
    expect(headers.get('vary') ?? '').not.toMatch(/host/i);
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
    const url = 'https://predi974.re/p/cyclone-avant-fevrier';
    const image = 'https://predi974.re/p/cyclone-avant-fevrier/apercu.png';
    const description = `OUI 46${NNBSP}% · 1${NNBSP}234 votes — votez sur Prédi974`;
    expect(meta(html, 'og:title')).toBe('Un cyclone avant février ?');
    expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:site_name')).toBe('Prédi974');
    expect(meta(html, 'og:locale')).toBe('fr_FR');
    expect(meta(html, 'og:image')).toBe(image);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'og:image:alt')).toBe(`Un cyclone avant février ? — ${description}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe('Un cyclone avant février ?');
    expect(meta(html, 'twitter:description')).toBe(description);
    expect(meta(html, 'twitter:image')).toBe(image);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain('<title>Un cyclone avant février ? — Prédi974</title>');
  });

  it('sends browsers on with a same-origin script, never an inline one, and a link for those without JavaScript', async () => {
    const { headers, html } = await page(`${t.url}/p/cyclone-avant-fevrier`);
    expect(html).toContain('<script src="/partage.js" defer></script>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(
      '<a class="action" data-app-link href="/#prediction-cyclone-avant-fevrier">Voir la prédiction sur Prédi974</a>',
    );
    expect(headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('says when a prediction is resolved or ended, in the app’s words', async () => {
    const resolved = await page(`${t.url}/p/eruption-fournaise`);
    expect(meta(resolved.html, 'og:description')).toBe(
      `OUI 75${NNBSP}% · 40 votes · Résultat : OUI — les résultats sur Prédi974`,
    );
    const ended = await page(`${t.url}/p/route-littoral`);
    expect(meta(ended.html, 'og:description')).toBe(`OUI 50${NNBSP}% · 0 vote · Terminé — les résultats sur Prédi974`);
  });

  it('escapes every value: a title with a script tag, quotes and an ampersand stays text', async () => {
    const { status, html } = await page(`${t.url}/p/titre-piege`);
    expect(status).toBe(200);
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; l&#39;île &quot;piège&quot;';
    expect(meta(html, 'og:title')).toBe(escaped);
    expect(meta(html, 'twitter:title')).toBe(escaped);
    expect(html).toContain(`<h1>${escaped}</h1>`);
    expect(html).toContain(`<title>${escaped} — Prédi974</title>`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('"x"');
  });

  it('/c/<insee>: the commune’s leaders, its vote count and the way to its sheet', async () => {
    const { status, html } = await page(`${t.url}/c/97411`);
    expect(status).toBe(200);
    const description = `Teddy Lauret 57,4${NNBSP}% · Marie-Paule Dalleau 21,8${NNBSP}% · 289 votes — votez sur Prédi974`;
    expect(meta(html, 'og:title')).toBe('Élection Municipale Saint-Denis 2026');
    expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'og:url')).toBe('https://predi974.re/c/97411');
    expect(meta(html, 'og:image')).toBe('https://predi974.re/c/97411/apercu.png');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<link rel="canonical" href="https://predi974.re/c/97411">');
    expect(html).toContain('<a class="action" data-app-link href="/#commune-97411">Voir l’élection sur Prédi974</a>');
  });

  it.each([
    ['/p/inconnue', 'Prédiction introuvable'],
    ['/p/%3Cscript%3E', 'Prédiction introuvable'],
    [`/p/${'a'.repeat(81)}`, 'Prédiction introuvable'],
    ['/c/97499', 'Élection introuvable'],
    ['/c/97411%20OR%201', 'Élection introuvable'],
  ])('%s: a French 404 page with the way home', async (path, heading) => {
    const { status, headers, html } = await page(`${t.url}${path}`);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain('<a class="action" href="/">Aller à l’accueil de Prédi974</a>');
    expect(html).not.toContain('og:title');
    expect(html).not.toContain('<script');
  });

  it.each([
    ['/p/inconnue/apercu.png', 'Prédiction introuvable'],
    ['/p/%3Cscript%3E/apercu.png', 'Prédiction introuvable'],
    ['/c/97499/apercu.png', 'Élection introuvable'],
  ])('%s: 404 with a French error', async (path, error) => {
    const response = await fetch(`${t.url}${path}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error });
  });

  it('draws a 1200×630 PNG with an ETag; a vote changes the picture once it is 60 s old', async () => {
    const url = `${t.url}/p/cyclone-avant-fevrier/apercu.png`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(first.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await fetch(url);
    expect(again.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);

    const unchanged = await fetch(url, { headers: { 'If-None-Match': etag ?? '' } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    const vote = await castVote(t.url, {
      marketId: 'cyclone-avant-fevrier',
      voteType: 'yes',
      fingerprint: await newIdentity(t.url),
    });
    expect(vote.status).toBe(200);
    const { html } = await page(`${t.url}/p/cyclone-avant-fevrier`);
    expect(meta(html, 'og:description')).toBe(`OUI 46${NNBSP}% · 1${NNBSP}235 votes — votez sur Prédi974`);
    // Drawn at NOW: 59 s later the picture still stands, at 60 s the new count is drawn.
    now = new Date('2026-11-24T10:00:59.000Z');
    const kept = await fetch(url, { headers: { 'If-None-Match': etag ?? '' } });
    expect(kept.status).toBe(304);
    now = new Date('2026-11-24T10:01:00.000Z');
    try {
      const changed = await fetch(url, { headers: { 'If-None-Match': etag ?? '' } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(pngSize(Buffer.from(await changed.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    } finally {
      now = NOW;
    }
  });

  it('draws the commune’s picture at 1200×630 too', async () => {
    const response = await fetch(`${t.url}/c/97411/apercu.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  });
});

describe('share pages under the rate limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { RATE_LIMIT: 'on', RATE_LIMIT_SHARES_PER_MINUTE: '2' });
  });
  afterAll(async () => t?.close());

  it('counts pages and pictures together per address, then answers 429 in French with Retry-After', async () => {
    expect((await fetch(`${t.url}/c/97411`)).status).toBe(200);
    expect((await fetch(`${t.url}/p/inconnue`)).status).toBe(404);
    const refused = await fetch(`${t.url}/c/97411/apercu.png`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: 'Trop de requêtes : veuillez réessayer dans quelques instants.' });
  });
});

/** A GET with a Host header of our choosing (fetch always sends the real one). */
function getWithHost(
  url: string,
  host: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; html: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { Host: host } }, (response) => {
      let html = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (html += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, html }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe.each(DIALECTS)('share links and a forged Host on %s', (dialect) => {
  const links = (html: string) => [
    meta(html, 'og:url'),
    meta(html, 'og:image'),
    meta(html, 'twitter:image'),
    /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1],
  ];

  describe('without PUBLIC_URL', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(dialect, { SEED: 'none', ALLOWED_ORIGINS: 'http://partage.predi974.test:8080' });
      await t.server.database.db
        .insertInto('markets')
        .values(market('cyclone-avant-fevrier', 'Un cyclone ?', { yes: 1, no: 1 }))
        .execute();
      await t.server.database.db
        .insertInto('municipal_markets')
        .values({
          id: '97411',
          title: 'Élection Municipale Saint-Denis 2026',
          trending: 0,
          created_at: '2026-10-01T00:00:00.000Z',
          total_votes: 0,
        })
        .execute();
    });
    afterAll(async () => t?.close());

    it('a forged Host never reaches the links: they stay relative, and caches are told the page varies by Host', async () => {
      for (const [path, expected] of [
        ['/p/cyclone-avant-fevrier', ['/p/cyclone-avant-fevrier', '/p/cyclone-avant-fevrier/apercu.png']],
        ['/c/97411', ['/c/97411', '/c/97411/apercu.png']],
      ] as const) {
        const forged = await getWithHost(`${t.url}${path}`, 'evil.example');
        expect(forged.status).toBe(200);
        expect(links(forged.html)).toEqual([expected[0], expected[1], expected[1], expected[0]]);
        expect(forged.html).not.toContain('evil.example');
        expect(forged.headers['cache-control']).toBe('public, max-age=300');
        expect(String(forged.headers.vary)).toMatch(/(^|, *)Host(,|$)/);
      }
    });

    it('the request’s host is used only when ALLOWED_ORIGINS lists it', async () => {
      const allowed = await getWithHost(`${t.url}/p/cyclone-avant-fevrier`, 'partage.predi974.test:8080');
      expect(links(allowed.html)).toEqual([
        'http://partage.predi974.test:8080/p/cyclone-avant-fevrier',
        'http://partage.predi974.test:8080/p/cyclone-avant-fevrier/apercu.png',
        'http://partage.predi974.test:8080/p/cyclone-avant-fevrier/apercu.png',
        'http://partage.predi974.test:8080/p/cyclone-avant-fevrier',
      ]);
      // The same name on another port is another origin.
      const otherPort = await getWithHost(`${t.url}/p/cyclone-avant-fevrier`, 'partage.predi974.test:9090');
      expect(links(otherPort.html)[0]).toBe('/p/cyclone-avant-fevrier');
    });
  });

  describe('with PUBLIC_URL', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(dialect, {
        SEED: 'none',
        PUBLIC_URL: 'https://predi974.re',
        ALLOWED_ORIGINS: 'http://partage.predi974.test:8080',
      });
      await t.server.database.db
        .insertInto('markets')
        .values(market('cyclone-avant-fevrier', 'Un cyclone ?', { yes: 1, no: 1 }))
        .execute();
    });
    afterAll(async () => t?.close());

    it('every absolute link uses it, whatever Host the request names', async () => {
      for (const host of ['evil.example', 'partage.predi974.test:8080']) {
        const answer = await getWithHost(`${t.url}/p/cyclone-avant-fevrier`, host);
        expect(links(answer.html)).toEqual([
          'https://predi974.re/p/cyclone-avant-fevrier',
          'https://predi974.re/p/cyclone-avant-fevrier/apercu.png',
          'https://predi974.re/p/cyclone-avant-fevrier/apercu.png',
          'https://predi974.re/p/cyclone-avant-fevrier',
        ]);
        expect(String(answer.headers.vary ?? '')).not.toMatch(/host/i);
      }
    });
  });
});
