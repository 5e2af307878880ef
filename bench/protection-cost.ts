import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib/v1';
import { now } from './lib/api.js';

export interface CostRow {
  name: string;
  calls: number;
  microseconds: number;
}

/** Mean time of `fn` over `calls` calls, after a warm-up of a tenth of them. */
async function time(name: string, calls: number, fn: (index: number) => unknown): Promise<CostRow> {
  for (let index = 0; index < Math.ceil(calls / 10); index++) await fn(index);
  const started = now();
  for (let index = 0; index < calls; index++) await fn(index);
  return { name, calls, microseconds: ((now() - started) * 1_000) / calls };
}

const KEY = randomBytes(32).toString('hex');

/** A proof solved beforehand, as the server receives it. */
async function solvedPayload(maxnumber: number): Promise<string> {
  const challenge = await createChallenge({ hmacKey: KEY, maxnumber, expires: new Date(Date.now() + 3_600_000) });
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, maxnumber).promise;
  if (!solution) throw new Error('no solution');
  const payload = { ...challenge, number: solution.number };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** The checks a protected vote goes through on the server, each alone. */
export async function measureVerificationCost(): Promise<CostRow[]> {
  const payloads = await Promise.all(Array.from({ length: 20 }, () => solvedPayload(2_000)));
  const secret = randomBytes(32);
  const identity = (() => {
    const random = randomBytes(16);
    return Buffer.concat([random, createHmac('sha256', secret).update(random).digest().subarray(0, 16)]).toString('hex');
  })();
  const rows = [
    await time('proof: altcha-lib verifySolution', 2_000, async (index) => {
      if (!(await verifySolution(payloads[index % payloads.length]!, KEY))) throw new Error('proof refused');
    }),
    await time('identity: HMAC check of the fingerprint', 50_000, () => {
      const bytes = Buffer.from(identity, 'hex');
      const mac = createHmac('sha256', secret).update(bytes.subarray(0, 16)).digest().subarray(0, 16);
      if (!timingSafeEqual(mac, bytes.subarray(16))) throw new Error('identity refused');
    }),
  ];
  return rows;
}

/** Hashes per second on this machine: altcha-lib's solver (the browser's) and a plain synchronous loop. */
export async function measureSolverSpeed(): Promise<{ altchaPerSecond: number; nativePerSecond: number }> {
  const maxnumber = 20_000;
  const challenge = await createChallenge({ hmacKey: KEY, maxnumber, number: maxnumber - 1 });
  let started = now();
  await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, maxnumber).promise;
  const altchaPerSecond = (maxnumber * 1_000) / (now() - started);
  started = now();
  const count = 200_000;
  for (let n = 0; n < count; n++) createHash('sha256').update(`${challenge.salt}${n}`).digest('hex');
  const nativePerSecond = (count * 1_000) / (now() - started);
  return { altchaPerSecond, nativePerSecond };
}
