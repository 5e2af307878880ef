/**
 * Share pictures are drawn in a worker thread: while 20 pictures not drawn yet are being drawn, the server's own
 * thread still answers the liveness probe at once, and every picture arrives whole (PNG, 1200×630).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { marketRow } from '../support/market-row.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PICTURES = 20;
/** Generous: a probe waits a few ms on a quiet machine; a picture drawn on the main thread blocks it 40–800 ms. */
const LIVENESS_BOUND_MS = 200;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

describe.each(DIALECTS)('share pictures off the event loop on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { SEED: 'none' });
    await t.server.database.db
      .insertInto('markets')
      .values(
        Array.from({ length: 3 * PICTURES }, (_, index) =>
          marketRow(
            `prediction-${index}`,
            `Prédiction numéro ${index} : la route du littoral rouvrira-t-elle avant la saison des pluies ?`,
            { category: 'transport', yes_votes: index, no_votes: 100 - index },
          ),
        ),
      )
      .execute();
  });
  afterAll(async () => t?.close());

  it(
    `liveness answers within ${LIVENESS_BOUND_MS} ms while ${PICTURES} new pictures are drawn`,
    { timeout: 120_000 },
    async () => {
      let drawing = true;
      const pictures = Promise.all(
        Array.from({ length: PICTURES }, async (_, index) => {
          const response = await fetch(`${t.url}/p/prediction-${index}/apercu.png`);
          return {
            status: response.status,
            type: response.headers.get('content-type'),
            bytes: Buffer.from(await response.arrayBuffer()),
          };
        }),
      ).finally(() => {
        drawing = false;
      });

      const probes: number[] = [];
      while (drawing) {
        const started = performance.now();
        const live = await fetch(`${t.url}/api/health/live`);
        await live.arrayBuffer();
        expect(live.status).toBe(200);
        probes.push(performance.now() - started);
        await sleep(10);
      }

      const answers = await pictures;
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.type).toBe('image/png');
        expect([...answer.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
        expect([answer.bytes.readUInt32BE(16), answer.bytes.readUInt32BE(20)]).toEqual([1200, 630]);
      }
      const sorted = [...probes].sort((a, b) => a - b);
      const quantile = (fraction: number) => sorted[Math.floor(fraction * (sorted.length - 1))] ?? Infinity;
      console.log(
        `[share pictures] ${probes.length} liveness probes during ${PICTURES} drawings: median ${quantile(0.5).toFixed(1)} ms, ` +
          `p90 ${quantile(0.9).toFixed(1)} ms, slowest ${quantile(1).toFixed(1)} ms`,
      );
      // Twenty drawings take seconds: the probe ran all along, answered between and during the worker's drawings.
      expect(probes.length).toBeGreaterThan(PICTURES);
      // Nine probes in ten within the bound: a rare slower one is the shared machine's scheduling, not a drawing
      // (drawn on the main thread, each probe waited for drawings: 13 to 15 probes in all).
      expect(quantile(0.9)).toBeLessThan(LIVENESS_BOUND_MS);
    },
  );

  it(
    'past 32 pictures waiting, the others are refused at once with 503 and Retry-After, in French',
    { timeout: 180_000 },
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 2 * PICTURES }, async (_, index) => {
          const response = await fetch(`${t.url}/p/prediction-${PICTURES + index}/apercu.png`);
          const body = Buffer.from(await response.arrayBuffer());
          return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
        }),
      );
      const refused = answers.filter((answer) => answer.status === 503);
      const drawn = answers.filter((answer) => answer.status === 200);
      // One drawing and 32 waiting when the 40 arrive together: at least 7 refused (more if some came in late).
      expect(refused.length).toBeGreaterThanOrEqual(7);
      expect(refused.length + drawn.length).toBe(2 * PICTURES);
      for (const answer of refused) {
        expect(answer.retryAfter).toBe('5');
        expect(JSON.parse(answer.body.toString())).toEqual({
          error: 'Service momentanément indisponible, veuillez réessayer dans un instant.',
        });
      }
      for (const answer of drawn) expect([...answer.body.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    },
  );
});
