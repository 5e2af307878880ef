import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsFeed, NewsItem, WeatherAlert } from '../../src/shared/news.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';
import { cliArguments } from '../support/server-process.js';

const TOKEN = 'jeton-cli-actualites-5c1e';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `src/server/cli/admin.ts …` in a Node process of its own, as admin-cli.test.ts runs it. */
function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ADMIN_TOKEN: TOKEN, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  return new Promise((resolve) => {
    execFile(process.execPath, cliArguments('admin', args), { env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('admin command line: news items and weather alerts, against a running server on sqlite', { timeout: 120_000 }, () => {
  let t: TestServer;
  let url: string[];
  beforeAll(async () => {
    t = await startTestServer('sqlite', { ADMIN_TOKEN: TOKEN });
    url = ['--url', t.url];
  });
  afterAll(async () => t?.close());

  const feed = async () => (await getJson<NewsFeed>(`${t.url}/api/news`)).body;

  it('help lists the news and alert commands and how times are typed', async () => {
    const run = await cli(['help']);
    expect(run.code, run.stderr).toBe(0);
    for (const command of ['news:list', 'news:create', 'news:update', 'news:delete', 'alerts:list', 'alerts:create']) {
      expect(run.stdout).toContain(command);
    }
    expect(run.stdout).toContain('alerts:end');
    expect(run.stdout).toContain('AAAA-MM-JJTHH:MM (heure de La Réunion)');
  });

  it('alerts: create in La Réunion time, list as current, end now (off the feed), delete', async () => {
    // Ends in two days, typed as a clock in La Réunion reads it; the server keeps the UTC instant 4 hours earlier.
    const endsAtReunion = new Date(Date.now() + 2 * 86_400_000 + 4 * 3_600_000).toISOString().slice(0, 16);
    const endsAtUtc = new Date(Date.parse(`${endsAtReunion}:00Z`) - 4 * 3_600_000).toISOString();
    const created = await cli([
      'alerts:create',
      ...url,
      '--kind',
      'pluies',
      '--level',
      'orange',
      '--zone',
      'Est',
      '--places',
      'Saint-Benoît, Sainte-Rose',
      '--advice',
      'Évitez les radiers.',
      '--issued-at',
      '2026-11-27T06:00',
      '--ends-at',
      endsAtReunion,
      '--id',
      'pluies-est-cli',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({
      id: 'pluies-est-cli',
      kind: 'pluies',
      level: 'orange',
      zone: 'Est',
      places: 'Saint-Benoît, Sainte-Rose',
      advice: 'Évitez les radiers.',
      issuedAt: '2026-11-27T02:00:00.000Z',
      endsAt: endsAtUtc,
    });
    expect((await feed()).alerts.map((alert) => alert.id)).toContain('pluies-est-cli');

    const listed = await cli(['alerts:list', ...url]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('pluies-est-cli  [en cours]');
    expect(listed.stdout).toContain('Vigilance orange fortes pluies et inondations — Est (Saint-Benoît, Sainte-Rose)');

    // A rain level stays a rain level: the merged alert is checked by the server.
    const wrongLevel = await cli(['alerts:update', 'pluies-est-cli', ...url, '--level', 'alerte-rouge']);
    expect(wrongLevel.code).toBe(1);
    expect(wrongLevel.stderr).toContain(
      'Erreur 400 : Requête invalide : level — Niveau inconnu pour les pluies (valeurs possibles : jaune, orange, rouge)',
    );

    const updated = await cli(['alerts:update', 'pluies-est-cli', ...url, '--level', 'rouge']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toContain('Alerte modifiée :');
    expect(updated.stdout).toContain('Vigilance rouge fortes pluies et inondations — Est');

    const before = Date.now();
    const ended = await cli(['alerts:end', 'pluies-est-cli', ...url, '--json']);
    expect(ended.code, ended.stderr).toBe(0);
    const endsAt = Date.parse((JSON.parse(ended.stdout) as WeatherAlert).endsAt);
    expect(endsAt).toBeGreaterThanOrEqual(before);
    expect(endsAt).toBeLessThanOrEqual(Date.now());
    expect((await feed()).alerts.map((alert) => alert.id)).not.toContain('pluies-est-cli');
    expect((await cli(['alerts:list', ...url])).stdout).toContain('pluies-est-cli  [terminée]');

    const removed = await cli(['alerts:delete', 'pluies-est-cli', ...url]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('Alerte supprimée : pluies-est-cli');
    expect((await cli(['alerts:list', ...url])).stdout).not.toContain('pluies-est-cli');
  });

  it('news items: create with defaults, update, list, delete', async () => {
    const created = await cli([
      'news:create',
      ...url,
      '--title',
      'Le Papang transporte son millionième passager',
      '--summary',
      'Le téléphérique relie le Chaudron à Bois-de-Nèfles.',
      '--category',
      'transport',
      '--author',
      'Rédaction',
      '--published-at',
      '2026-11-20T09:15',
      '--press-url',
      'https://www.clicanoo.re/papang',
      '--id',
      'papang-million',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({
      id: 'papang-million',
      title: 'Le Papang transporte son millionième passager',
      summary: 'Le téléphérique relie le Chaudron à Bois-de-Nèfles.',
      category: 'transport',
      publishedAt: '2026-11-20T05:15:00.000Z',
      author: 'Rédaction',
      readTime: 3,
      views: 0,
      viewsChange: 0,
      image: '📰',
      trending: false,
      pressUrl: 'https://www.clicanoo.re/papang',
    });

    const updated = await cli(['news:update', 'papang-million', ...url, '--views', '2500', '--trending', 'oui']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toContain('Article modifié :');
    const item = (await feed()).items.find((other) => other.id === 'papang-million');
    expect(item).toMatchObject<Partial<NewsItem>>({ views: 2500, trending: true, author: 'Rédaction' });

    const listed = await cli(['news:list', ...url]);
    expect(listed.stdout).toContain('papang-million  [tendance]');
    expect(listed.stdout).toContain('7 article(s)');

    const removed = await cli(['news:delete', 'papang-million', ...url]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('Article supprimé : papang-million');
    expect((await feed()).items.map((other) => other.id)).not.toContain('papang-million');
  });

  it('refuses bad input before sending it, and reports the server’s refusals, with French messages', async () => {
    const cases: [args: string[], code: number, message: string][] = [
      [
        ['news:update', 'prix-carburants', ...url, '--read-time', '2,5'],
        2,
        'Requête invalide : readTime — readTime doit être un nombre entier',
      ],
      [
        ['news:create', ...url, '--title', 'Sans résumé', '--category', 'culture'],
        2,
        'Requête invalide : champ summary manquant',
      ],
      [['news:update', 'prix-carburants', ...url], 2, 'Rien à modifier'],
      [
        [
          'alerts:create',
          ...url,
          '--kind',
          'cyclone',
          '--level',
          'alerte-rouge',
          '--zone',
          'Nord',
          '--advice',
          'Restez chez vous.',
        ],
        2,
        'Requête invalide : champ endsAt manquant',
      ],
      [
        [
          'alerts:create',
          ...url,
          '--kind',
          'cyclone',
          '--level',
          'alerte-rouge',
          '--zone',
          'Nord',
          '--advice',
          'Restez chez vous.',
          '--issued-at',
          '2026-11-27T12:00',
          '--ends-at',
          '2026-11-27T11:00',
        ],
        2,
        'Requête invalide : endsAt — la fin de l’alerte doit être postérieure à son émission',
      ],
      [['alerts:end', 'inconnue-42', ...url], 1, 'Erreur 404 : Alerte introuvable'],
      [['news:delete', 'inconnu-42', ...url], 1, 'Erreur 404 : Article introuvable'],
    ];
    const before = await feed();
    const runs = await Promise.all(cases.map(([args]) => cli(args)));
    runs.forEach((run, index) => {
      const [args, code, message] = cases[index]!;
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.stderr, args.join(' ')).toContain(message);
    });
    // Nothing was changed by the refusals.
    expect(await feed()).toEqual(before);
    expect((await cli(['alerts:list', ...url])).stdout).toContain('2 alerte(s)');
  });
});
