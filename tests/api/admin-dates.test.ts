/**
 * Dates and addresses an administrator may give, at their edges, against the server's clock (fixed here):
 * a new prediction must end after now, a news item is dated between 2000-01-01 and now, an alert ends at
 * most one year from now, and a press link carries no user name or password. Refused with a French 400,
 * nothing written; on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';
import { databaseDigest } from '../reliability/support/fixtures.js';

const TOKEN = 'jeton-de-test-dates-5c0e';
const NOW = new Date('2026-11-27T08:00:00.000Z');

const END_IN_PAST = 'Requête invalide : endDate — La date de fin doit être dans le futur';
const NEWS_BEFORE_2000 =
  'Requête invalide : publishedAt — La date de publication ne peut pas être antérieure au 1er janvier 2000';
const NEWS_IN_FUTURE = 'Requête invalide : publishedAt — La date de publication ne peut pas être dans le futur';
const ALERT_TOO_LONG = 'Requête invalide : endsAt — La fin de l’alerte ne peut pas être à plus d’un an';
const URL_WITH_CREDENTIALS =
  'Requête invalide : pressUrl — pressUrl ne doit contenir ni identifiant ni mot de passe (partie « …@ » avant le nom du site)';

function send(url: string, method: string, body: unknown) {
  return getJson<Record<string, unknown>>(url, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  });
}

const newMarket = (endDate: string) => ({
  title: 'Le Piton de la Fournaise entrera-t-il en éruption avant la fin du mois ?',
  description: 'L’observatoire volcanologique signale une inflation du cône.',
  category: 'environnement',
  endDate,
});

const newItem = (overrides: Record<string, unknown> = {}) => ({
  title: 'Le téléphérique de Saint-Denis dépasse le million de passagers',
  summary: 'Papang relie le Chaudron au Bois-de-Nèfles depuis 2022.',
  category: 'transport',
  publishedAt: '2026-11-27T06:00:00.000Z',
  author: 'Rédaction',
  readTime: 3,
  views: 99_000,
  viewsChange: 12,
  image: '🚠',
  pressUrl: 'https://www.clicanoo.re/teleferique',
  ...overrides,
});

const newAlert = (endsAt: string) => ({
  kind: 'pluies',
  level: 'orange',
  zone: 'Nord et Est',
  places: 'Saint-Denis, Sainte-Marie',
  advice: 'Évitez les radiers submersibles.',
  issuedAt: '2026-11-27T08:00:00.000Z',
  endsAt,
});

describe.each(DIALECTS)('admin dates and addresses on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { ADMIN_TOKEN: TOKEN, SEED: 'none' }, { clock: () => NOW });
  });
  afterAll(async () => t?.close());

  async function expectRefused(method: string, path: string, body: unknown, error: string) {
    const before = await databaseDigest(t.server.database);
    const answer = await send(`${t.url}${path}`, method, body);
    expect({ method, path, body, status: answer.status, answer: answer.body }).toEqual({
      method,
      path,
      body,
      status: 400,
      answer: { error },
    });
    expect(await databaseDigest(t.server.database)).toBe(before);
  }

  it('a new prediction ending now or before is refused; one second after now is accepted', async () => {
    await expectRefused('POST', '/api/admin/markets', newMarket('2026-11-27T08:00:00.000Z'), END_IN_PAST);
    await expectRefused('POST', '/api/admin/markets', newMarket('2026-11-27T07:59:59.000Z'), END_IN_PAST);
    // The same instant written in Réunion time (UTC+4).
    await expectRefused('POST', '/api/admin/markets', newMarket('2026-11-27T12:00:00+04:00'), END_IN_PAST);
    const created = await send(`${t.url}/api/admin/markets`, 'POST', newMarket('2026-11-27T08:00:01.000Z'));
    expect(created.status).toBe(201);
    expect(created.body.endDate).toBe('2026-11-27T08:00:01.000Z');
    // Moving an existing prediction's end into the past stays possible: that is how one is closed early.
    const moved = await send(`${t.url}/api/admin/markets/${String(created.body.id)}`, 'PATCH', {
      endDate: '2026-11-27T07:00:00.000Z',
    });
    expect(moved.status).toBe(200);
  });

  it('a news item dated before 2000-01-01 or after now is refused, POST and PATCH; the edges themselves pass', async () => {
    await expectRefused('POST', '/api/admin/news', newItem({ publishedAt: '1999-12-31T23:59:59.000Z' }), NEWS_BEFORE_2000);
    await expectRefused('POST', '/api/admin/news', newItem({ publishedAt: '2000-01-01T03:59:59+04:00' }), NEWS_BEFORE_2000);
    await expectRefused('POST', '/api/admin/news', newItem({ publishedAt: '2026-11-27T08:00:01.000Z' }), NEWS_IN_FUTURE);

    const oldest = await send(
      `${t.url}/api/admin/news`,
      'POST',
      newItem({ id: 'plus-ancien', publishedAt: '2000-01-01T00:00:00.000Z' }),
    );
    expect([oldest.status, oldest.body.publishedAt]).toEqual([201, '2000-01-01T00:00:00.000Z']);
    const newest = await send(
      `${t.url}/api/admin/news`,
      'POST',
      newItem({ id: 'plus-recent', publishedAt: '2026-11-27T08:00:00.000Z' }),
    );
    expect([newest.status, newest.body.publishedAt]).toEqual([201, '2026-11-27T08:00:00.000Z']);

    await expectRefused('PATCH', '/api/admin/news/plus-ancien', { publishedAt: '1999-12-31T23:59:59.000Z' }, NEWS_BEFORE_2000);
    await expectRefused('PATCH', '/api/admin/news/plus-ancien', { publishedAt: '2026-11-27T08:00:01.000Z' }, NEWS_IN_FUTURE);
  });

  it('an alert ending more than one year from now is refused, POST and PATCH; exactly one year passes', async () => {
    await expectRefused('POST', '/api/admin/alerts', newAlert('2027-11-27T08:00:01.000Z'), ALERT_TOO_LONG);
    const yearLong = await send(`${t.url}/api/admin/alerts`, 'POST', { ...newAlert('2027-11-27T08:00:00.000Z'), id: 'un-an' });
    expect([yearLong.status, yearLong.body.endsAt]).toEqual([201, '2027-11-27T08:00:00.000Z']);
    await expectRefused('PATCH', '/api/admin/alerts/un-an', { endsAt: '2027-11-27T08:00:01.000Z' }, ALERT_TOO_LONG);
  });

  it('a press link with a user name or password is refused, POST and PATCH', async () => {
    await expectRefused(
      'POST',
      '/api/admin/news',
      newItem({ pressUrl: 'https://www.clicanoo.re@evil.example/' }),
      URL_WITH_CREDENTIALS,
    );
    await expectRefused(
      'POST',
      '/api/admin/news',
      newItem({ pressUrl: 'https://lecteur:secret@www.clicanoo.re/article' }),
      URL_WITH_CREDENTIALS,
    );
    const item = await send(`${t.url}/api/admin/news`, 'POST', newItem({ id: 'lien-propre' }));
    expect(item.status).toBe(201);
    await expectRefused(
      'PATCH',
      '/api/admin/news/lien-propre',
      { pressUrl: 'http://www.clicanoo.re@evil.example/' },
      URL_WITH_CREDENTIALS,
    );
  });
});
