/**
 * Catalogue: how the server and the home page hold 40, 1,000 and 10,000 predictions (docs/decisions/043). Each
 * size fills one SQLite file directly (the demo data, then open predictions copied from it, every title numbered
 * « n°k »), starts the real server on it (the built web app, server-rendered home) and measures:
 * - votes/s while 4 readers read `/` and the list's first page in a loop (what a home visit and its refresh read),
 *   the readers' p99; judged against the same run at 40 predictions (target at 10,000: ≥ 0.8 of it);
 * - bytes of the list's first page, of the whole list, and of the home page's HTML (uncompressed, and brotli);
 * - in Chromium (/usr/bin/chromium) at desktop size: DOM nodes once the home has settled, JS heap, and the time
 *   from one keystroke in the search box to the matching cards on screen (target ≤ 100 ms at 10,000): « n°3 » is
 *   typed, then « 7 » is timed until every card drawn is one of the « n°37… ».
 * Needs `npm run build` first (the server-rendered home comes from dist/).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { castVote, now, openMarketIds } from './lib/api.js';
import { createDemoFile, setPredictionCount, withFile } from './growth.js';
import { startAppServer, type AppServer } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { percentile, ratio, round, sortedCopy } from './lib/stats.js';

export interface CatalogueOptions {
  dir: string;
  machine: string;
  log: (line: string) => void;
}

const SIZES = [40, 1_000, 10_000];
/** `CATALOGUE_SECONDS`: how long votes and readers run at each size (default 15). */
const SECONDS = Number(process.env.CATALOGUE_SECONDS ?? 15);
const READERS = 4;
/** Enough loops in flight that the group commit's fsync wait is not the limit: the server's CPU is. */
const VOTERS = 64;
const KEYSTROKES = 5;

interface SizeFigures {
  predictions: number;
  votesPerSecond: number;
  voteP99: number;
  readsPerSecond: number;
  readP99: number;
  pageBytes: number;
  listBytes: number;
  homeBytes: number;
  homeBrotliBytes: number;
  domNodes: number;
  heapMiB: number;
  keystrokeMs: number;
}

/** Bytes on the wire: fetch decompresses what it reads, so a compressed answer is measured by its Content-Length. */
async function bytesOf(url: string, encoding = 'identity'): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.arrayBuffer()).byteLength;
  return encoding === 'identity' ? body : Number(response.headers.get('content-length') ?? Number.NaN);
}

/** Readers reading the home page and the list's first page in turn, as browsers would (compressed), until `until`. */
async function readLoad(base: string, until: number): Promise<number[]> {
  const latencies: number[] = [];
  const loop = async (reader: number) => {
    let turn = reader;
    while (now() < until) {
      const path = turn++ % 2 === 0 ? '/' : '/api/markets?page=1';
      const sent = now();
      const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      await response.arrayBuffer();
      if (response.ok) latencies.push(now() - sent);
    }
  };
  await Promise.all(Array.from({ length: READERS }, (_, reader) => loop(reader)));
  return latencies;
}

async function voteAndRead(server: AppServer, ids: readonly string[]) {
  const started = now();
  const until = started + SECONDS * 1_000;
  const voteLatencies: number[] = [];
  let sequence = 0;
  const voter = async () => {
    while (now() < until) {
      const index = sequence++;
      const sent = now();
      await castVote(server.base, ids[(index * 7919) % ids.length] ?? '', index % 2 === 0 ? 'yes' : 'no');
      voteLatencies.push(now() - sent);
    }
  };
  const [, reads] = await Promise.all([Promise.all(Array.from({ length: VOTERS }, voter)), readLoad(server.base, until)]);
  const seconds = (now() - started) / 1_000;
  return {
    votesPerSecond: round(voteLatencies.length / seconds, 1),
    voteP99: round(percentile(sortedCopy(voteLatencies), 99), 1),
    readsPerSecond: round(reads.length / seconds, 1),
    readP99: round(percentile(sortedCopy(reads), 99), 1),
  };
}

/** DOM nodes, heap, and the keystroke-to-results time on the home in Chromium (median of a few keystrokes). */
async function inBrowser(base: string): Promise<{ domNodes: number; heapMiB: number; keystrokeMs: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
    await page.addInitScript(() => window.localStorage.setItem('howItWorksRead', 'true'));
    await page.goto(base);
    await page.locator('[data-home-screen] article').first().waitFor();
    // Hydration, then the virtual grid's first measurement.
    await page.waitForTimeout(2_000);
    const { domNodes, heap } = await page.evaluate(() => ({
      domNodes: document.getElementsByTagName('*').length,
      heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? Number.NaN,
    }));
    const box = page.getByPlaceholder('Rechercher une prédiction...');
    const times: number[] = [];
    for (let round = 0; round < KEYSTROKES; round++) {
      await box.fill('');
      await box.fill('n°3');
      // « n°3 » settled: its matches on screen.
      await page.waitForFunction(() => {
        const titles = [...document.querySelectorAll('[data-home-screen] article h3')].map((title) => title.textContent ?? '');
        return titles.length > 0 && titles.every((title) => title.includes('n°3'));
      });
      await page.waitForTimeout(300);
      // A string, not a function: the bench runs through tsx, whose helpers do not exist in the page.
      const timing = page.evaluate<number>(`new Promise((resolve, reject) => {
        let pressedAt = 0;
        function check() {
          const titles = [...document.querySelectorAll('[data-home-screen] article h3')].map((t) => t.textContent || '');
          if (pressedAt > 0 && titles.length > 0 && titles.every((t) => t.includes('n°37'))) resolve(performance.now() - pressedAt);
          else requestAnimationFrame(check);
        }
        window.addEventListener('keydown', () => { pressedAt = performance.now(); check(); }, { capture: true, once: true });
        setTimeout(() => reject(new Error('no results 20 s after the keystroke')), 20000);
      })`);
      await box.press('7');
      times.push(await timing);
    }
    return {
      domNodes,
      heapMiB: round(heap / 1024 / 1024, 1),
      keystrokeMs: round(percentile(sortedCopy(times), 50), 1),
    };
  } finally {
    await browser.close();
  }
}

async function measureSize(dir: string, predictions: number, log: (line: string) => void): Promise<SizeFigures> {
  const file = join(dir, `catalogue-${predictions}.db`);
  await createDemoFile(file);
  withFile(file, (db) => {
    setPredictionCount(db, predictions);
    // Every title numbered, so one search finds a known set at every size.
    const ids = db.prepare<[], { id: string }>('select id from markets order by id').all();
    const rename = db.prepare<[string, string]>("update markets set title = title || ' — ' || ? where id = ?");
    ids.forEach((row, index) => rename.run(`n°${index + 1}`, row.id));
  });
  const server = await startAppServer(file);
  try {
    const ids = await openMarketIds(server.base);
    // Warm-up: the first build of the list and the first render of the home page.
    await bytesOf(`${server.base}/`);
    const load = await voteAndRead(server, ids);
    const pageBytes = await bytesOf(`${server.base}/api/markets?page=1`);
    const listBytes = await bytesOf(`${server.base}/api/markets`);
    const homeBytes = await bytesOf(`${server.base}/`);
    const homeBrotliBytes = await bytesOf(`${server.base}/`, 'br');
    const browser = await inBrowser(server.base);
    const figures = { predictions, ...load, pageBytes, listBytes, homeBytes, homeBrotliBytes, ...browser };
    log(`catalogue ${predictions}: ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await server.stop();
  }
}

export async function benchCatalogue(options: CatalogueOptions): Promise<Section> {
  const { dir, machine, log } = options;
  if (!existsSync('dist/ssr/ssr-entry.js')) throw new Error('run `npm run build` first: the home page is rendered from dist/');
  const sizes: SizeFigures[] = [];
  for (const predictions of SIZES) sizes.push(await measureSize(dir, predictions, log));
  const reference = sizes[0] as SizeFigures;
  const largest = sizes.at(-1) as SizeFigures;
  const kB = (bytes: number) => round(bytes / 1024, 1);
  return {
    id: 'catalogue',
    title: '8. Catalogue: 40, 1,000 and 10,000 predictions',
    ranAt: new Date().toISOString(),
    machine,
    method:
      `Real server on a SQLite file per size (demo data, then open predictions copied from it, titles numbered « n°k »), ` +
      `built web app. ${VOTERS} loops cast votes spread over every open prediction for ${SECONDS} s while ${READERS} ` +
      'readers read `/` and `/api/markets?page=1` in turn (brotli). Bytes are uncompressed unless named. In Chromium ' +
      '(1440×900): DOM nodes and JS heap once the home has settled; keystroke: « n°3 » typed and settled, then « 7 » ' +
      `timed (in the page) until every card drawn is a « n°37… » (median of ${KEYSTROKES}). Reference: the 40-prediction run.`,
    tables: [
      {
        headers: [
          'predictions',
          'votes/s',
          'vs 40',
          'vote p99 ms',
          'reads/s',
          'read p99 ms',
          'list page KB',
          'whole list KB',
          'home HTML KB',
          'home brotli KB',
          'DOM nodes',
          'JS heap MiB',
          'keystroke ms',
        ],
        rows: sizes.map((size) => [
          size.predictions,
          size.votesPerSecond,
          ratio(size.votesPerSecond, reference.votesPerSecond),
          size.voteP99,
          size.readsPerSecond,
          size.readP99,
          kB(size.pageBytes),
          kB(size.listBytes),
          kB(size.homeBytes),
          kB(size.homeBrotliBytes),
          size.domNodes,
          size.heapMiB,
          size.keystrokeMs,
        ]),
      },
    ],
    reading:
      `at 10,000 predictions ${largest.votesPerSecond} votes/s = ${ratio(largest.votesPerSecond, reference.votesPerSecond)} ` +
      `of the rate at 40 (target ≥ 0.8); home ${kB(largest.homeBytes)} KB of HTML, list page ${kB(largest.pageBytes)} KB; ` +
      `${largest.domNodes} DOM nodes; keystroke to results ${largest.keystrokeMs} ms (target ≤ 100)`,
    notes: [
      'Before (issue 23, 10,000 predictions, the whole list in every answer and in the page): 6.5 votes/s with 4 readers ' +
        '(≈ 2,500/s with the demo’s 40), list 5.9 MB, home 5.98 MB of HTML, 481k DOM nodes, 130 MB JS heap, one keystroke 2.4 s.',
      'Keystroke at 10,000, before the search went to the server at the keystroke (it waited for 40 ms of rest): 190.4 ms ' +
        '(2026-11-27 11:33, load 4.0) and 158.8 ms (17:10, load 7.9); after: 121.7 ms (17:32, load 15.5). What is left is ' +
        'drawing the 48 cards of the answer (a list of one page is drawn whole): measured in the page, the answer arrives ' +
        '30–70 ms after a new keystroke and the cards 120–180 ms after it, in one task that is mostly style and layout ' +
        '(Chromium profile: getBoundingClientRect 48 ms of forced layout, the app’s own JavaScript about 60 ms).',
      'The votes/s column moves with the machine’s load: in the 17:32 run (load 15.5, other jobs on both cores) 0.25 of the ' +
        'rate at 40 at 1,000 predictions and 0.76 at 10,000; at load 4.0 (11:33) 1.59 and 1.05.',
      'On a quiet machine (2026-11-27 18:22, load 2.5; the run tried the cards off screen left to the browser, a ' +
        'change of the page only, since withdrawn), before the change below: votes at 40 reached 1,369.6/s and at ' +
        '10,000 613/s, 0.45 of it (target ≥ 0.8: missed). Keystroke at 10,000 in that run: 60.1 ms, but the cards off ' +
        'screen then had no text for the browser suite, so that change was withdrawn.',
      'Profile of the server under this load (node --cpu-prof, 15 s, share of the event loop’s non-idle samples; ' +
        '2026-11-27 19:57, load 3–5): at 10,000 predictions the list’s rebuild after votes (`MarketCatalog.build`) took ' +
        '46.3 % — the re-sort’s comparator 21.7 % self, `patched` (a copy of every entry) 16.3 %, the build’s own copies ' +
        '7.3 % — against 2.0 % at 40. Changed: a vote moves its entry by binary search in blocks of at most 256 entries ' +
        'that are never changed once made (one block copied per change, the others shared with the previous version), ' +
        'the order’s keys kept on the entry. After (20:27, load 8.6–9.0): `build` 6.5 % at 10,000; the rebuild after 20 ' +
        'votes with its first page compressed 2.3 ms at 10,000 and 2.1–2.7 ms at 40 (before: 23.6–28.8 ms at 10,000, 2.3–3.1 ms at 40); event-loop CPU ' +
        'per vote 0.34 ms at 10,000 and 0.32 ms at 40.',
      'Runs after the change on a machine shared with other work: 0.41 of the rate at 40 (20:28, load 8.3 at the start, ' +
        '13 at the end: 489.6 votes/s at 40, 201.4 at 10,000) and 2.85 (20:40, load 19.0 at the start, 9.6 at the end: ' +
        '340.9 and 973), and 1.0 (20:46, load 10.9 at the start, 5.3 at the end: 585.4 and 586.3): at that load the rate ' +
        'follows the other jobs, not the catalogue. The steadier figure is the ' +
        'server’s CPU per vote, the same load run 10 s at a time with the code before and after interleaved (three ' +
        'rounds, load 8–12): event loop 0.41 ms at 40 and 0.43 ms at 10,000 after (0.94), against 0.51 and 0.69 ms ' +
        'before (0.73); whole process 0.74 and 0.78 ms after, 0.92 and 1.08 ms before.',
      'On a quiet machine after both changes (the order in blocks, and a short list drawn from the screen’s rows first, ' +
        'docs/decisions/043 amended), three runs in a row, 2026-11-27 20:54–20:58, load 2.2–3.3 at their starts: ' +
        '0.84, 1.03 and 0.98 of the rate at 40 at 10,000 predictions (951.9, 1,083.1 and 1,134.2 votes/s), keystroke ' +
        '79.8, 73.2 and 48 ms; the table is the last of them. Both targets met in each run.',
    ],
  };
}
