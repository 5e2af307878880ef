/**
 * Bytes read by « Voter à la chaîne », « Mon bilan » and the admin's list at 10,000 predictions: the whole list they
 * read until 2026-11-28, against the pages they read since (docs/decisions/043-catalogue-in-pages.md, amended).
 * A device has voted on 20 open predictions, 5 of them then resolved. Uncompressed, gzip and brotli bytes.
 * Run: `npx tsx bench/screen-bytes.ts` (SQLite file in a temporary directory; about a minute).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newFingerprint } from './lib/api.js';
import { createDemoFile, setPredictionCount, withFile } from './growth.js';
import { startAppServer } from './lib/processes.js';

const COUNT = 10_000;

async function bytes(url: string, encoding: string): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.arrayBuffer()).byteLength;
  return encoding === 'identity' ? body : Number(response.headers.get('content-length') ?? Number.NaN);
}

async function figures(url: string): Promise<string> {
  const [plain, gzip, brotli] = await Promise.all(['identity', 'gzip', 'br'].map((encoding) => bytes(url, encoding)));
  const kb = (value: number) => `${(value / 1000).toFixed(1)} kB`;
  return `${kb(plain ?? 0)} (gzip ${kb(gzip ?? 0)}, brotli ${kb(brotli ?? 0)})`;
}

const dir = mkdtempSync(join(tmpdir(), 'predi974-screen-bytes-'));
const file = join(dir, 'bench.db');
try {
  await createDemoFile(file);
  withFile(file, (db) => setPredictionCount(db, COUNT));
  const server = await startAppServer(file, { env: { ADMIN_TOKEN: 'bench-screen-bytes-token' } });
  try {
    const base = server.base;
    const device = newFingerprint();
    const all = (await (await fetch(`${base}/api/markets?page=1&status=open`)).json()) as { items: { id: string }[] };
    const voted = all.items.slice(0, 20).map((market) => market.id);
    for (const [index, marketId] of voted.entries()) {
      const answer = await fetch(`${base}/api/votes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ marketId, voteType: index % 2 === 0 ? 'yes' : 'no', fingerprint: device }),
      });
      if (!answer.ok) throw new Error(`vote answered ${answer.status}`);
    }
    for (const id of voted.slice(0, 5)) {
      const answer = await fetch(`${base}/api/admin/markets/${id}/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer bench-screen-bytes-token' },
        body: JSON.stringify({ outcome: 'yes' }),
      });
      if (!answer.ok) throw new Error(`resolve answered ${answer.status}`);
    }
    const whole = await figures(`${base}/api/markets`);
    const total = ((await (await fetch(`${base}/api/markets?page=1`)).json()) as { total: number }).total;
    console.log(`${total} predictions; a device that voted on 20, 5 of them resolved since`);
    console.log(`before, each of the three screens: GET /api/markets (whole list): ${whole}`);
    console.log(
      `after, « Voter à la chaîne » at opening (then one more page per 48 cards): ${await figures(`${base}/api/markets?page=1&status=open&sort=ending&votes=not-voted&fingerprint=${device}`)}`,
    );
    console.log(
      `after, « Mon bilan » (every page of it, here one): ${await figures(`${base}/api/markets?page=1&status=resolved&votes=voted&fingerprint=${device}`)}`,
    );
    console.log(
      `after, admin's list at opening (then one more page per « Afficher plus »): ${await figures(`${base}/api/markets?page=1`)}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
