import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/shared/market.js';
import type { Candidate, Commune } from '../../src/shared/municipal.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castVote, newIdentity } from '../support/voting.js';
import { cliArguments } from '../support/server-process.js';

const TOKEN = 'jeton-cli-de-test-91b2';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `src/server/cli/admin.ts …` in a Node process of its own (tsx as a loader, what `npm run admin` runs
 * without npm's own start-up), with its own environment.
 */
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

// Each case starts a fresh Node process: slow on a busy machine, so a generous timeout.
describe('admin command line (npm run admin) against a running server on sqlite', { timeout: 120_000 }, () => {
  let t: TestServer;
  let url: string[];
  beforeAll(async () => {
    t = await startTestServer('sqlite', { ADMIN_TOKEN: TOKEN });
    url = ['--url', t.url];
  });
  afterAll(async () => t?.close());

  it('help lists the commands and exits 0', async () => {
    const run = await cli(['help']);
    expect(run.code, run.stderr).toBe(0);
    for (const command of ['markets:create', 'markets:resolve', 'communes:create', 'candidates:rename', 'ADMIN_TOKEN']) {
      expect(run.stdout).toContain(command);
    }
    expect(run.stdout).toContain('Utilisation : npm run admin -- [options] [command]');
    expect(run.stdout).toContain('Commandes :');
    expect(run.stdout).not.toContain('Usage:');
  });

  it("a command's help has French headings too", async () => {
    const run = await cli(['markets:create', '--help']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Utilisation : npm run admin -- markets:create [options]');
    expect(run.stdout).toContain('Options :');
    expect(run.stdout).not.toContain('Options:');
  });

  let market: Market;

  it('markets:create creates a prediction the API then serves', async () => {
    const run = await cli([
      'markets:create',
      ...url,
      '--title',
      'La Route des Tamarins sera-t-elle fermée plus de 3 jours en 2026 ?',
      '--description',
      'Fermetures pour travaux ou intempéries.',
      '--category',
      'transport',
      '--end-date',
      '2031-12-31',
      '--trending',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    market = JSON.parse(run.stdout) as Market;
    expect(market).toMatchObject({
      title: 'La Route des Tamarins sera-t-elle fermée plus de 3 jours en 2026 ?',
      category: 'transport',
      trending: true,
      totalVotes: 0,
      yesPercentage: 50,
      // End of that day in La Réunion (UTC+4).
      endDate: '2031-12-31T19:59:59.000Z',
    });
    expect((await getJson<Market>(`${t.url}/api/markets/${market.id}`)).body).toEqual(market);
  });

  it('markets:update changes a field and trending', async () => {
    const run = await cli(['markets:update', market.id, ...url, '--trending', 'false', '--category', 'economie']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Prédiction modifiée');
    expect((await getJson<Market>(`${t.url}/api/markets/${market.id}`)).body).toMatchObject({
      trending: false,
      category: 'economie',
    });
  });

  it('markets:resolve --outcome oui resolves it; votes are refused afterwards', async () => {
    const run = await cli(['markets:resolve', market.id, ...url, '--outcome', 'oui']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('résolu : OUI');
    expect((await getJson<Market>(`${t.url}/api/markets/${market.id}`)).body).toMatchObject({ resolved: true, outcome: 'yes' });
    const vote = await castVote(t.url, { marketId: market.id, voteType: 'no', fingerprint: await newIdentity(t.url) });
    expect(vote.status).toBe(409);
  });

  it('markets:list shows it', async () => {
    const run = await cli(['markets:list', ...url]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(market.id);
    expect(run.stdout).toMatch(/\d+ prédiction\(s\)/);
  });

  it('communes and candidates: create, add, rename, list, delete', async () => {
    const created = await cli(['communes:create', ...url, '--name', 'Salazie Hell-Bourg', '--json']);
    expect(created.code).toBe(0);
    const commune = JSON.parse(created.stdout) as Commune;
    expect(commune.title).toBe('Élection Municipale Salazie Hell-Bourg 2026');

    const added = await cli(['candidates:add', commune.id, ...url, '--name', 'Josette Boyer', '--json']);
    expect(added.code).toBe(0);
    const candidate = JSON.parse(added.stdout) as Candidate;
    const renamed = await cli(['candidates:rename', commune.id, candidate.id, ...url, '--name', 'Josette Boyer-Técher']);
    expect(renamed.code).toBe(0);
    const { body: candidates } = await getJson<Candidate[]>(`${t.url}/api/municipal/${commune.id}/candidates`);
    expect(candidates).toEqual([{ id: candidate.id, name: 'Josette Boyer-Técher', votes: 0 }]);

    const list = await cli(['communes:list', ...url]);
    expect(list.stdout).toContain('Élection Municipale Salazie Hell-Bourg 2026');

    expect((await cli(['candidates:delete', commune.id, candidate.id, ...url])).code).toBe(0);
    expect((await cli(['communes:delete', commune.id, ...url])).code).toBe(0);
    expect((await getJson(`${t.url}/api/municipal/${commune.id}/candidates`)).status).toBe(404);
  });

  it('markets:delete removes the prediction', async () => {
    const run = await cli(['markets:delete', market.id, ...url]);
    expect(run.code, run.stderr).toBe(0);
    expect((await getJson(`${t.url}/api/markets/${market.id}`)).status).toBe(404);
  });

  it('fails with a clear message and a non-zero exit code', async () => {
    const cases: [args: string[], env: Record<string, string | undefined>, code: number, message: string][] = [
      [['markets:resolve', 'x', ...url, '--outcome', 'non'], { ADMIN_TOKEN: 'mauvais' }, 1, 'Erreur 401 : Accès non autorisé'],
      [['markets:delete', 'x', ...url], { ADMIN_TOKEN: undefined }, 2, 'ADMIN_TOKEN n’est pas défini'],
      [['markets:resolve', 'inconnue-42', ...url, '--outcome', 'non'], {}, 1, 'Erreur 404 : Prédiction introuvable'],
      [['markets:resolve', 'x', ...url, '--outcome', 'peut-être'], {}, 2, '--outcome attend oui ou non'],
      [
        ['markets:create', ...url, '--title', 'Sans date', '--category', 'culture'],
        {},
        2,
        'Option obligatoire manquante : --end-date',
      ],
      [['markets:explode'], {}, 2, 'Commande inconnue'],
      [['markets:list', '--url', 'http://127.0.0.1:65534'], {}, 1, 'Impossible de joindre le serveur'],
    ];
    // Independent processes: run side by side.
    const runs = await Promise.all(cases.map(([args, env]) => cli(args, env)));
    runs.forEach((run, index) => {
      const [args, , code, message] = cases[index]!;
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.stderr).toContain(message);
    });
  });
});
