import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createServer, type RunningServer } from '../../src/server/server.js';
import type { HomePageData } from '../../src/shared/home-page.js';
import { renderHomeScreen } from '../../src/web/ssr-entry.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../support/databases.js';
import { castVote, newIdentity } from '../support/voting.js';

const BELLO = 'Huguette Bello annoncera-t-elle sa candidature à un nouveau mandat à la tête de la Région ?';

/** The list the page carries beside its markup (the `#home-data` script element). */
function embeddedData(html: string): HomePageData {
  const match = /<script type="application\/json" id="home-data">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no #home-data in the page');
  return JSON.parse(match[1]) as HomePageData;
}

describe.each(DIALECTS)('the server-rendered home page on %s', (dialect) => {
  let database: TestDatabase;
  let server: RunningServer;
  let url = '';
  let webRoot = '';
  let renders = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // The built page's template is index.html as Vite leaves it: the source's is the same as far as #root goes.
    webRoot = mkdtempSync(join(tmpdir(), 'predi974-home-page-'));
    writeFileSync(join(webRoot, 'index.html'), readFileSync('src/web/index.html', 'utf8'));
    const config = loadConfig({ RATE_LIMIT: 'off', LOG_LEVEL: 'silent', DATABASE_URL: database.url });
    server = await createServer(config, {
      logger: false,
      webRoot,
      homeRenderer: (data) => {
        renders++;
        return renderHomeScreen(data);
      },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('names the revision of the template it was drawn from, as the service worker lists it: the worker takes a newer drawing of its shell only from its own version', async () => {
    // The build's revision of a shell file: the first 16 hex digits of the SHA-256 of its bytes.
    const revision = createHash('sha256')
      .update(readFileSync(join(webRoot, 'index.html')))
      .digest('hex')
      .slice(0, 16);
    expect(revision).toMatch(/^[0-9a-f]{16}$/);
    for (const path of ['/', '/index.html']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-predi974-shell-revision')).toBe(revision);
    }
  });

  it('GET / is the home screen already rendered: header, chips, cards with their percentages, and the list as JSON', async () => {
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<div id="root"><div class="flex min-h-dvh flex-col">');
    expect(html).toContain('Que va-t-il se passer à La Réunion\u202f?');
    expect(html).toContain('Toutes catégories');
    expect(html).toContain('Municipales');
    expect(html.match(/<article /g)).toHaveLength(12);
    // The first card: the demo's first trending prediction in the list's order.
    const firstCard = html.slice(html.indexOf('<article '), html.indexOf('</article>'));
    expect(firstCard).toContain('Les travaux du dernier tronçon de la NRL démarreront-ils avant la fin de l’année ?');
    expect(firstCard).toContain('>46\u202f%<');
    expect(firstCard).toContain('>54\u202f%<');
    expect(firstCard).toContain('2\u202f214 votes');
    const data = embeddedData(html);
    // The first page only, exactly as the list API serves it: the demo’s 40 predictions fit in it.
    const listed = (await (await fetch(`${url}/api/markets?page=1`)).json()) as unknown;
    expect(data.page).toEqual(listed);
    expect(data.page).toMatchObject({ total: 40, page: 1, pageCount: 1, pageSize: 48 });
    expect(renders).toBe(1);
  });

  it('is served from the cache while the list is unchanged (/, /index.html, compressed or not, 304 on its ETag)', async () => {
    const before = renders;
    const first = await fetch(`${url}/`, { headers: { 'Accept-Encoding': 'identity' } });
    const again = await fetch(`${url}/index.html`, { headers: { 'Accept-Encoding': 'br' } });
    const html = await first.text();
    expect(await again.text()).toBe(html);
    expect(again.headers.get('content-encoding')).toBe('br');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await fetch(`${url}/`, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(renders).toBe(before);
  });

  it('a vote changes the list version: the next page is rendered again and shows the new counts', async () => {
    const first = await fetch(`${url}/`);
    const etag = first.headers.get('etag');
    const before = embeddedData(await first.text());
    const bello = before.page.items.find((market) => market.title === BELLO);
    expect(bello?.yesVotes).toBe(746);
    const rendersBefore = renders;

    const vote = await castVote(url, { marketId: bello?.id ?? '', voteType: 'no', fingerprint: await newIdentity(url) });
    expect(vote.status).toBe(200);

    const after = await fetch(`${url}/`);
    expect(after.headers.get('etag')).not.toBe(etag);
    const html = await after.text();
    const changed = embeddedData(html).page.items.find((market) => market.title === BELLO);
    expect(changed?.noVotes).toBe(513);
    expect(html).toContain('1\u202f259 votes');
    expect(renders).toBe(rendersBefore + 1);
    // And once more from the cache.
    expect(await (await fetch(`${url}/`)).text()).toBe(html);
    expect(renders).toBe(rendersBefore + 1);
  });
});
