/**
 * Control characters in every admin text (predictions, communes, candidates, news, alerts): refused with a
 * French 400 on both databases, and nothing written.
 * Before, NUL gave a 500 on PostgreSQL and was stored on SQLite, where it later broke `db:copy`. A
 * description keeps its line breaks (LF; CR LF becomes LF).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.js';
import type { Market } from '../../src/shared/market.js';
import type { Commune } from '../../src/shared/municipal.js';
import { createTestDatabase, DIALECTS } from '../support/databases.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';
import { databaseDigest } from '../reliability/support/fixtures.js';
import { cliArguments } from '../support/server-process.js';

const TOKEN = 'jeton-de-test-controle-7d21';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const IN_A_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString();

const TITLE_REFUSED =
  'Requête invalide : title — Le titre ne doit pas contenir de caractère de contrôle (retour à la ligne, tabulation, caractère nul…)';
const DESCRIPTION_REFUSED =
  'Requête invalide : description — La description ne doit pas contenir de caractère de contrôle (tabulation, caractère nul…) ; seuls les retours à la ligne sont permis';
const NAME_REFUSED =
  'Requête invalide : name — Le nom ne doit pas contenir de caractère de contrôle (retour à la ligne, tabulation, caractère nul…)';

function send<T = unknown>(url: string, method: string, body: unknown) {
  return getJson<T>(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...AUTH },
    body: JSON.stringify(body),
  });
}

const newMarket = (overrides: Record<string, unknown> = {}) => ({
  title: 'La route du littoral ouvrira-t-elle en entier avant 2028 ?',
  description: 'Le viaduc est fini ; reste la digue entre La Grande Chaloupe et Saint-Denis.',
  category: 'transport',
  endDate: IN_A_MONTH,
  ...overrides,
});

const HOUR = 3_600_000;

const newNewsItem = (overrides: Record<string, unknown> = {}) => ({
  title: 'Le téléphérique de Saint-Denis dépasse le million de passagers',
  summary: 'Papang relie le Chaudron au Bois-de-Nèfles depuis 2022.',
  category: 'transport',
  publishedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
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
  issuedAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  ...overrides,
});

/** The edges: NUL, the last C0 control, DEL, the first and last C1 controls; tab and CR in single-line text. */
const CONTROLS = ['\u0000', '\u001f', '\u007f', '\u0080', '\u009f', '\t', '\r'];

describe.each(DIALECTS)('control characters in admin text on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { ADMIN_TOKEN: TOKEN, SEED: 'none' });
  });
  afterAll(async () => t?.close());

  it('a title, description or name with a control character is refused in French and nothing is written', async () => {
    const created = await send<Market>(`${t.url}/api/admin/markets`, 'POST', newMarket({ id: 'route-littoral' }));
    expect(created.status).toBe(201);
    const commune = await send<Commune>(`${t.url}/api/admin/municipal`, 'POST', {
      id: 'commune-essai',
      title: 'Élection Municipale Essai 2026',
    });
    expect(commune.status).toBe(201);
    const candidate = await send(`${t.url}/api/admin/municipal/commune-essai/candidates`, 'POST', {
      id: 'cand-essai',
      name: 'Marie Payet',
    });
    expect(candidate.status).toBe(201);
    const before = await databaseDigest(t.server.database);

    const attempts: [string, string, unknown, string][] = [];
    for (const control of CONTROLS) {
      attempts.push(
        ['POST', '/api/admin/markets', newMarket({ title: `Titre avec ${control} dedans` }), TITLE_REFUSED],
        ['PATCH', '/api/admin/markets/route-littoral', { title: `Titre${control}modifié` }, TITLE_REFUSED],
        ['POST', '/api/admin/municipal', { title: `Élection ${control} Essai` }, TITLE_REFUSED],
        ['PATCH', '/api/admin/municipal/commune-essai', { title: `Élection${control}Essai` }, TITLE_REFUSED],
        ['POST', '/api/admin/municipal/commune-essai/candidates', { name: `Jean${control}Hoarau` }, NAME_REFUSED],
        ['PATCH', '/api/admin/municipal/commune-essai/candidates/cand-essai', { name: `Marie${control}P` }, NAME_REFUSED],
      );
      if (control !== '\r') {
        attempts.push(
          ['POST', '/api/admin/markets', newMarket({ description: `Ligne 1\nLigne${control}2` }), DESCRIPTION_REFUSED],
          ['PATCH', '/api/admin/markets/route-littoral', { description: `Texte${control}` + 'fin' }, DESCRIPTION_REFUSED],
        );
      }
    }
    attempts.push(
      ['POST', '/api/admin/markets', newMarket({ title: 'Deux\nlignes de titre' }), TITLE_REFUSED],
      ['POST', '/api/admin/markets', newMarket({ description: 'Un retour chariot seul\rici' }), DESCRIPTION_REFUSED],
    );
    for (const [method, path, body, message] of attempts) {
      const answer = await send(`${t.url}${path}`, method, body);
      expect({ method, path, body, status: answer.status, answer: answer.body }).toEqual({
        method,
        path,
        body,
        status: 400,
        answer: { error: message },
      });
    }
    expect(await databaseDigest(t.server.database)).toBe(before);
  });

  it('every news and alert text field with a control character is refused in French, POST and PATCH, nothing written', async () => {
    const item = await send(`${t.url}/api/admin/news`, 'POST', newNewsItem({ id: 'article-essai' }));
    expect(item.status).toBe(201);
    const alert = await send(`${t.url}/api/admin/alerts`, 'POST', newAlert({ id: 'alerte-essai' }));
    expect(alert.status).toBe(201);
    const before = await databaseDigest(t.server.database);

    const newsFields: [string, string][] = [
      ['title', 'Le titre'],
      ['summary', 'Le résumé'],
      ['author', 'L’auteur'],
      ['image', 'image'],
    ];
    const alertFields: [string, string][] = [
      ['zone', 'La zone'],
      ['places', 'places'],
      ['advice', 'La consigne'],
    ];
    const refused = (field: string, name: string) =>
      `Requête invalide : ${field} — ${name} ne doit pas contenir de caractère de contrôle (retour à la ligne, tabulation, caractère nul…)`;
    const attempts: [string, string, unknown, string][] = [];
    for (const control of [...CONTROLS, '\n']) {
      for (const [field, name] of newsFields) {
        const value = `A${control}B`;
        attempts.push(
          ['POST', '/api/admin/news', newNewsItem({ [field]: value }), refused(field, name)],
          ['PATCH', '/api/admin/news/article-essai', { [field]: value }, refused(field, name)],
        );
      }
      for (const [field, name] of alertFields) {
        const value = `Zone${control}Nord`;
        attempts.push(
          ['POST', '/api/admin/alerts', newAlert({ [field]: value }), refused(field, name)],
          ['PATCH', '/api/admin/alerts/alerte-essai', { [field]: value }, refused(field, name)],
        );
      }
      const url = `https://www.clicanoo.re/article${control}suite`;
      attempts.push(
        ['POST', '/api/admin/news', newNewsItem({ pressUrl: url }), refused('pressUrl', 'pressUrl')],
        ['PATCH', '/api/admin/news/article-essai', { pressUrl: url }, refused('pressUrl', 'pressUrl')],
      );
    }
    for (const [method, path, body, message] of attempts) {
      const answer = await send(`${t.url}${path}`, method, body);
      expect({ method, path, body, status: answer.status, answer: answer.body }).toEqual({
        method,
        path,
        body,
        status: 400,
        answer: { error: message },
      });
    }
    expect(await databaseDigest(t.server.database)).toBe(before);
  });

  it('a description keeps its line breaks; CR LF becomes LF', async () => {
    const created = await send<Market>(
      `${t.url}/api/admin/markets`,
      'POST',
      newMarket({ id: 'multi-lignes', description: 'Première ligne\r\nDeuxième ligne\n\nAprès un blanc' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.description).toBe('Première ligne\nDeuxième ligne\n\nAprès un blanc');
    const read = await getJson<Market>(`${t.url}/api/markets/multi-lignes`);
    expect(read.body.description).toBe('Première ligne\nDeuxième ligne\n\nAprès un blanc');
  });
});

/** Runs `npm run db:copy` as an operator would (the same command, from the bundle of this tree). */
function runCopy(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArguments('db-copy', args), { env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('db:copy after refused control characters', () => {
  it(
    'an SQLite database whose admin was refused NUL still copies to PostgreSQL, line breaks kept',
    { timeout: 120_000 },
    async () => {
      const source = await startTestServer('sqlite', { ADMIN_TOKEN: TOKEN, SEED: 'none' });
      const target = await createTestDatabase('postgres');
      try {
        const refused = await send(`${source.url}/api/admin/markets`, 'POST', newMarket({ title: 'Titre\u0000nul' }));
        expect(refused.status).toBe(400);
        const refusedDescription = await send(
          `${source.url}/api/admin/markets`,
          'POST',
          newMarket({ description: 'Caractère nul : \u0000' }),
        );
        expect(refusedDescription.status).toBe(400);
        const kept = await send(
          `${source.url}/api/admin/markets`,
          'POST',
          newMarket({ id: 'deux-lignes', description: 'Ligne un\nLigne deux' }),
        );
        expect(kept.status).toBe(201);
        await source.server.stop();

        const { code, stdout, stderr } = await runCopy(['--from', source.database.url, '--to', target.url]);
        expect(stderr).toBe('');
        expect(code).toBe(0);
        expect(stdout).toMatch(/markets\s+1 rows/);
        const copied = openDatabase(target.url);
        try {
          const rows = await copied.db.selectFrom('markets').select(['id', 'description']).execute();
          expect(rows).toEqual([{ id: 'deux-lignes', description: 'Ligne un\nLigne deux' }]);
        } finally {
          await copied.close();
        }
      } finally {
        await source.database.drop();
        await target.drop();
      }
    },
  );
});
