import { join } from 'node:path';
import { sleep, startAppServer } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { percentile, round, sortedCopy } from './lib/stats.js';

export interface PicturesOptions {
  dir: string;
  machine: string;
  log: (line: string) => void;
  /** How many pictures, each of its own prediction, so none comes from the cache. */
  pictures?: number;
}

const ADMIN_TOKEN = 'bench-pictures-admin-token';
/** Picture requests in flight: under the drawing queue's 32, as a handful of crawlers would be. */
const CONCURRENCY = 8;
/** One liveness probe every this many ms, for the whole sweep. */
const PROBE_EVERY_MS = 10;
/** Recorded before the pictures moved to a worker thread (drawn on the main thread, 500 pictures). */
const BEFORE = { p99: 452, max: 817 };
const TARGET_P99_MS = 50;

async function createPredictions(base: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  for (let index = 0; index < count; index++) {
    const response = await fetch(`${base}/api/admin/markets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: `banc-apercu-${index}`,
        title: `Prédiction de banc d’essai n° ${index} : la route du littoral rouvrira-t-elle avant les pluies ?`,
        description: 'Banc d’essai des images de partage.',
        category: 'transport',
        endDate: end,
      }),
    });
    if (response.status !== 201) throw new Error(`prediction ${index} not created: ${response.status} ${await response.text()}`);
    ids.push(`banc-apercu-${index}`);
  }
  return ids;
}

/**
 * Liveness (`GET /api/health/live`) probed every 10 ms while the server draws `pictures` share pictures it has
 * never drawn (each of its own prediction, CONCURRENCY at a time): how long the server's own thread keeps a
 * request waiting while pictures are being drawn.
 */
export async function benchPictures(options: PicturesOptions): Promise<Section> {
  const count = options.pictures ?? Number(process.env.PICTURES_COUNT ?? 500);
  const server = await startAppServer(join(options.dir, 'pictures.db'), { env: { ADMIN_TOKEN, SEED: 'none' } });
  try {
    const ids = await createPredictions(server.base, count);
    options.log(`pictures: ${ids.length} predictions created`);
    const probes: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    let sweeping = true;
    const started = performance.now();
    const fetcher = async () => {
      for (let index = next++; index < ids.length; index = next++) {
        const response = await fetch(`${server.base}/p/${ids[index]}/apercu.png`);
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    const sweep = Promise.all(Array.from({ length: CONCURRENCY }, fetcher)).finally(() => {
      sweeping = false;
    });
    while (sweeping) {
      const begun = performance.now();
      const live = await fetch(`${server.base}/api/health/live`);
      await live.arrayBuffer();
      probes.push(performance.now() - begun);
      await sleep(PROBE_EVERY_MS);
    }
    await sweep;
    const seconds = (performance.now() - started) / 1000;
    const sorted = sortedCopy(probes);
    const p50 = round(percentile(sorted, 50), 1);
    const p99 = round(percentile(sorted, 99), 1);
    const max = round(percentile(sorted, 100), 1);
    const drawn = statuses.get(200) ?? 0;
    const statusText = [...statuses].map(([status, n]) => `${status}×${n}`).join(' ');
    return {
      id: 'pictures',
      title: `Share pictures: liveness while ${count} new pictures are drawn`,
      ranAt: new Date().toISOString(),
      machine: options.machine,
      method:
        `The real server (SQLite, rate limits off) draws ${count} share pictures it has never drawn, each of its own ` +
        `prediction, ${CONCURRENCY} requests at a time; meanwhile \`GET /api/health/live\` is asked every ` +
        `${PROBE_EVERY_MS} ms and its answer time recorded. The pictures are drawn in one worker thread ` +
        `(docs/decisions/037-share-pictures-in-a-worker.md); before, they were drawn on the main thread.`,
      tables: [
        {
          headers: ['', 'liveness p50 (ms)', 'liveness p99 (ms)', 'liveness max (ms)', 'probes', 'pictures/s', 'answers'],
          rows: [
            ['before: drawn on the main thread (earlier run)', null, BEFORE.p99, BEFORE.max, null, null, null],
            ['now: drawn in a worker thread', p50, p99, max, probes.length, round(drawn / seconds, 1), statusText],
          ],
        },
      ],
      reading:
        `liveness p99 ${p99} ms (max ${max} ms) during ${count} pictures, against ${BEFORE.p99} ms (max ${BEFORE.max}) ` +
        `drawn on the main thread; target p99 ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'not met'}. ` +
        `${round(drawn / seconds, 1)} pictures/s, ${statusText}.`,
    };
  } finally {
    await server.stop(5_000);
  }
}
