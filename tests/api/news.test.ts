import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsFeed, NewsItem, WeatherAlert } from '../../src/shared/news.js';
import { DIALECTS } from '../support/databases.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';

const TOKEN = 'jeton-actualites-7d2e';
const AUTH = { Authorization: `Bearer ${TOKEN}` };

function send<T = unknown>(url: string, method: string, body?: unknown, headers: Record<string, string> = AUTH) {
  return getJson<T>(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const newItem = (overrides: Record<string, unknown> = {}) => ({
  title: 'Le téléphérique de Saint-Denis dépasse le million de passagers',
  summary: 'Papang relie le Chaudron au Bois-de-Nèfles depuis 2022.',
  category: 'transport',
  publishedAt: '2026-02-14T17:50:00+04:00',
  author: 'Rédaction',
  readTime: 3,
  views: 99_000,
  viewsChange: 12,
  image: '🚠',
  pressUrl: 'https://www.clicanoo.re/teleferique',
  ...overrides,
});

const newAlert = (overrides: Record<string, unknown> = {}) => ({
  kind: 'cyclone',
  level: 'alerte-orange',
  zone: 'Nord et Est',
  places: 'Saint-Denis, Sainte-Marie, Saint-André',
  advice: 'Préparez votre kit cyclone et rentrez ce qui peut s’envoler.',
  issuedAt: '2026-02-14T16:00:00+04:00',
  endsAt: '2026-02-15T16:00:00+04:00',
  ...overrides,
});

describe.each(DIALECTS)('news and weather alerts on %s', (dialect) => {
  let t: TestServer;
  // The server's clock, moved by the tests: the demo alerts were issued on 14 February 2026.
  let now = new Date('2026-02-14T14:00:00.000Z');

  beforeAll(async () => {
    t = await startTestServer(dialect, { ADMIN_TOKEN: TOKEN }, { clock: () => now });
  });
  afterAll(async () => t?.close());

  const feed = async () => {
    const answer = await getJson<NewsFeed>(`${t.url}/api/news`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('GET /api/news: the six demo items, most read first, with their fixed publication dates', async () => {
    const { items } = await feed();
    expect(items.map((item) => [item.id, item.publishedAt, item.views])).toEqual([
      ['cyclone-alerte-rouge-est-sud', '2026-02-14T13:35:00.000Z', 48_250],
      ['nrl-derniere-section', '2026-02-14T11:00:00.000Z', 21_430],
      ['chu-urgences-renfort', '2026-02-14T06:40:00.000Z', 15_870],
      ['municipales-listes', '2026-02-13T12:00:00.000Z', 12_940],
      ['sakifo-programmation', '2026-02-12T12:30:00.000Z', 9_310],
      ['prix-carburants', '2026-02-10T10:40:00.000Z', 7_680],
    ]);
    expect(items[0]).toEqual({
      id: 'cyclone-alerte-rouge-est-sud',
      title: 'Cyclone tropical intense : l’Est et le Sud passent en alerte rouge',
      summary:
        'Météo-France prévoit des rafales à plus de 150 km/h sur Saint-Benoît et Saint-Philippe dès cette nuit. La préfecture demande de rester à l’abri ; écoles et crèches sont fermées.',
      category: 'weather',
      publishedAt: '2026-02-14T13:35:00.000Z',
      author: 'Rédaction Réunion La 1ère',
      readTime: 4,
      views: 48_250,
      viewsChange: 156,
      image: '🌀',
      trending: true,
      pressUrl: 'https://la1ere.francetvinfo.fr/reunion/',
    });
  });

  it('a year later the demo items are old: a fresh item, even little read, comes first; the old ones newest first', async () => {
    now = new Date('2027-02-14T14:00:00.000Z');
    const created = await send<NewsItem>(
      `${t.url}/api/admin/news`,
      'POST',
      newItem({ id: 'flash-du-jour', publishedAt: '2027-02-14T12:30:00.000Z', views: 40 }),
    );
    expect(created.status).toBe(201);
    try {
      expect((await feed()).items.map((item) => item.id)).toEqual([
        'flash-du-jour',
        'cyclone-alerte-rouge-est-sud',
        'nrl-derniere-section',
        'chu-urgences-renfort',
        'municipales-listes',
        'sakifo-programmation',
        'prix-carburants',
      ]);
      // 24 hours after its publication it is old too, and the most recent of the old ones: still first.
      now = new Date('2027-02-15T12:30:00.000Z');
      expect((await feed()).items[0]?.id).toBe('flash-du-jour');
    } finally {
      expect((await send(`${t.url}/api/admin/news/flash-du-jour`, 'DELETE')).status).toBe(204);
      now = new Date('2026-02-14T14:00:00.000Z');
    }
  });

  it('the demo alerts are listed while they run and gone once they have ended', async () => {
    now = new Date('2026-02-14T14:00:00.000Z');
    const during = await feed();
    expect(during.alerts.map((alert) => [alert.id, alert.kind, alert.level, alert.issuedAt, alert.endsAt])).toEqual([
      ['cyclone-est-sud-2026-02-14', 'cyclone', 'alerte-rouge', '2026-02-14T13:00:00.000Z', '2026-02-15T06:00:00.000Z'],
      ['pluies-reste-ile-2026-02-14', 'pluies', 'orange', '2026-02-14T07:00:00.000Z', '2026-02-15T12:00:00.000Z'],
    ]);
    // The cyclone alert ends at 06:00 UTC: at that instant it is over, the rain vigilance still runs.
    now = new Date('2026-02-15T06:00:00.000Z');
    expect((await feed()).alerts.map((alert) => alert.id)).toEqual(['pluies-reste-ile-2026-02-14']);
    now = new Date('2026-02-15T12:00:00.000Z');
    expect((await feed()).alerts).toEqual([]);
    now = new Date('2026-02-14T14:00:00.000Z');
  });

  describe('admin API', () => {
    it('refuses without the token, answering 401 and writing nothing', async () => {
      const calls: [string, string, unknown][] = [
        ['POST', '/api/admin/news', newItem()],
        ['PATCH', '/api/admin/news/prix-carburants', { views: 1 }],
        ['DELETE', '/api/admin/news/prix-carburants', undefined],
        ['GET', '/api/admin/alerts', undefined],
        ['POST', '/api/admin/alerts', newAlert()],
        ['PATCH', '/api/admin/alerts/cyclone-est-sud-2026-02-14', { zone: 'Ouest' }],
        ['DELETE', '/api/admin/alerts/cyclone-est-sud-2026-02-14', undefined],
      ];
      const before = await feed();
      for (const [method, path, body] of calls) {
        const answer = await send(`${t.url}${path}`, method, body, { Authorization: 'Bearer faux' });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body).toEqual({ error: 'Accès non autorisé' });
      }
      expect(await feed()).toEqual(before);
    });

    it('creates, updates and deletes a news item; the feed follows', async () => {
      const created = await send<NewsItem>(`${t.url}/api/admin/news`, 'POST', newItem({ id: 'teleferique-million' }));
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        ...newItem(),
        id: 'teleferique-million',
        publishedAt: '2026-02-14T13:50:00.000Z',
        trending: false,
      });
      // 99 000 views: first in the list.
      expect((await feed()).items[0]?.id).toBe('teleferique-million');

      const again = await send(`${t.url}/api/admin/news`, 'POST', newItem({ id: 'teleferique-million' }));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'Un article porte déjà cet identifiant' });

      const patched = await send<NewsItem>(`${t.url}/api/admin/news/teleferique-million`, 'PATCH', { views: 10, trending: true });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id: 'teleferique-million', views: 10, trending: true, author: 'Rédaction' });
      // 10 views: the least read of the day's items, still before the older ones (published more than 24 h ago).
      expect((await feed()).items.map((item) => item.id)).toEqual([
        'cyclone-alerte-rouge-est-sud',
        'nrl-derniere-section',
        'chu-urgences-renfort',
        'teleferique-million',
        'municipales-listes',
        'sakifo-programmation',
        'prix-carburants',
      ]);

      expect((await send(`${t.url}/api/admin/news/teleferique-million`, 'DELETE')).status).toBe(204);
      expect((await feed()).items.map((item) => item.id)).not.toContain('teleferique-million');
      const gone = await send(`${t.url}/api/admin/news/teleferique-million`, 'DELETE');
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ error: 'Article introuvable' });
      const missing = await send(`${t.url}/api/admin/news/inconnu`, 'PATCH', { views: 1 });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Article introuvable' });
    });

    it('a news item without an id gets one made from its title', async () => {
      const created = await send<NewsItem>(`${t.url}/api/admin/news`, 'POST', newItem());
      expect(created.status).toBe(201);
      expect(created.body.id).toMatch(/^le-telepherique-de-saint-denis-depasse-le-million-de-[a-z0-9]{6}$/);
      expect((await send(`${t.url}/api/admin/news/${created.body.id}`, 'DELETE')).status).toBe(204);
    });

    it('refuses a bad news item with 400 and a French message, writing nothing', async () => {
      const before = await feed();
      const cases: [string, string, unknown, RegExp][] = [
        ['POST', '/api/admin/news', newItem({ pressUrl: 'javascript:alert(1)' }), /pressUrl doit être une adresse web http\(s\)/],
        ['POST', '/api/admin/news', newItem({ pressUrl: 'data:text/html,<b>x</b>' }), /pressUrl doit être une adresse web/],
        ['POST', '/api/admin/news', newItem({ category: 'sport' }), /Catégorie inconnue \(valeurs possibles : weather/],
        ['POST', '/api/admin/news', newItem({ publishedAt: 'hier' }), /Date ISO 8601 attendue/],
        ['POST', '/api/admin/news', newItem({ readTime: 0 }), /readTime doit être au moins 1/],
        ['POST', '/api/admin/news', newItem({ views: 1.5 }), /views doit être un nombre entier/],
        ['POST', '/api/admin/news', newItem({ viewsChange: -101 }), /viewsChange doit être au moins -100/],
        ['POST', '/api/admin/news', newItem({ summary: '  ' }), /Le résumé ne peut pas être vide/],
        ['POST', '/api/admin/news', newItem({ extra: true }), /champ inconnu extra/],
        ['POST', '/api/admin/news', { title: 'Sans le reste' }, /champ summary manquant/],
        ['PATCH', '/api/admin/news/prix-carburants', { pressUrl: 'ftp://example.re/x' }, /pressUrl/],
        ['PATCH', '/api/admin/news/prix-carburants', { id: 'autre' }, /champ inconnu id/],
      ];
      for (const [method, path, body, message] of cases) {
        const answer = await send<{ error: string }>(`${t.url}${path}`, method, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error).toMatch(/^Requête invalide/);
        expect(answer.body.error).toMatch(message);
      }
      expect(await feed()).toEqual(before);
    });

    it('creates an alert that shows until its end, updates and deletes it', async () => {
      const created = await send<WeatherAlert>(`${t.url}/api/admin/alerts`, 'POST', newAlert({ id: 'cyclone-nord-est' }));
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        ...newAlert(),
        id: 'cyclone-nord-est',
        issuedAt: '2026-02-14T12:00:00.000Z',
        endsAt: '2026-02-15T12:00:00.000Z',
      });
      expect((await feed()).alerts.map((alert) => alert.id)).toContain('cyclone-nord-est');

      const patched = await send<WeatherAlert>(`${t.url}/api/admin/alerts/cyclone-nord-est`, 'PATCH', {
        level: 'alerte-violette',
        endsAt: '2026-02-14T13:59:59Z',
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ kind: 'cyclone', level: 'alerte-violette', endsAt: '2026-02-14T13:59:59.000Z' });
      // Ended one second before the server's now: no longer in the feed, still known to operators.
      expect((await feed()).alerts.map((alert) => alert.id)).not.toContain('cyclone-nord-est');
      const all = await send<WeatherAlert[]>(`${t.url}/api/admin/alerts`, 'GET');
      expect(all.status).toBe(200);
      expect(all.body.map((alert) => alert.id)).toContain('cyclone-nord-est');

      expect((await send(`${t.url}/api/admin/alerts/cyclone-nord-est`, 'DELETE')).status).toBe(204);
      const gone = await send(`${t.url}/api/admin/alerts/cyclone-nord-est`, 'DELETE');
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ error: 'Alerte introuvable' });
    });

    it('refuses a bad alert with 400 and a French message, writing nothing', async () => {
      const before = await send<WeatherAlert[]>(`${t.url}/api/admin/alerts`, 'GET');
      const cases: [string, string, unknown, RegExp][] = [
        ['POST', '/api/admin/alerts', newAlert({ kind: 'vent' }), /kind doit valoir "cyclone" ou "pluies"/],
        ['POST', '/api/admin/alerts', newAlert({ level: 'rouge' }), /Niveau inconnu pour un cyclone/],
        ['POST', '/api/admin/alerts', newAlert({ kind: 'pluies', level: 'alerte-rouge' }), /Niveau inconnu pour les pluies/],
        ['POST', '/api/admin/alerts', newAlert({ kind: 'pluies', level: 'violette' }), /Niveau inconnu pour les pluies/],
        ['POST', '/api/admin/alerts', newAlert({ endsAt: '2026-02-14T16:00:00+04:00' }), /postérieure à son émission/],
        ['POST', '/api/admin/alerts', newAlert({ issuedAt: '14/02/2026' }), /Date ISO 8601 attendue/],
        ['POST', '/api/admin/alerts', newAlert({ zone: '' }), /La zone doit contenir au moins 2 caractères/],
        ['POST', '/api/admin/alerts', newAlert({ color: 'rouge' }), /champ inconnu color/],
        // A patch is checked against the stored alert: a rain level on a cyclone alert is refused.
        ['PATCH', '/api/admin/alerts/cyclone-est-sud-2026-02-14', { level: 'orange' }, /Niveau inconnu pour un cyclone/],
        ['PATCH', '/api/admin/alerts/cyclone-est-sud-2026-02-14', { endsAt: '2026-02-14T12:00:00Z' }, /postérieure/],
      ];
      for (const [method, path, body, message] of cases) {
        const answer = await send<{ error: string }>(`${t.url}${path}`, method, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error).toMatch(message);
      }
      expect((await send(`${t.url}/api/admin/alerts`, 'GET')).body).toEqual(before.body);
    });
  });
});
