import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import { openDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrator.js';
import { checkProof, createBoundChallenge, type ChallengeBinding } from '../src/server/protection/challenges.js';
import { maxNumberFor } from '../src/server/protection/difficulty.js';
import { isIssuedIdentity, issueIdentity } from '../src/server/protection/identity.js';
import { deriveKeys } from '../src/server/protection/keys.js';
import { spendChallenge } from '../src/server/protection/protection-repository.js';
import { createTestDatabase } from '../tests/support/databases.js';
import { now } from './lib/api.js';

export interface CostRow {
  name: string;
  calls: number;
  /** Wall time per call. */
  microseconds: number;
  /** CPU time of this process per call: what the shared machine's other jobs do not inflate. */
  cpuMicroseconds: number;
}

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** Mean time of `fn` over `calls` calls, after a warm-up of a tenth of them. */
async function time(name: string, calls: number, fn: (index: number) => unknown): Promise<CostRow> {
  for (let index = 0; index < Math.ceil(calls / 10); index++) await fn(index);
  const cpu = cpuMicros();
  const started = now();
  for (let index = 0; index < calls; index++) await fn(index);
  return { name, calls, microseconds: ((now() - started) * 1_000) / calls, cpuMicroseconds: (cpuMicros() - cpu) / calls };
}

/**
 * The checks a protected vote goes through on the server, each alone, with the server's own functions
 * (`src/server/protection`): the proof, the identity, the difficulty, and marking the challenge spent
 * in the database (one insert, on each dialect, outside any other work).
 */
export async function measureVerificationCost(dir: string): Promise<CostRow[]> {
  const keys = deriveKeys(randomBytes(32).toString('base64'));
  const fingerprint = issueIdentity(keys.identity);
  const binding: ChallengeBinding = { purpose: 'vote', fingerprint, marketId: 'bench-market', voteType: 'yes' };
  const proofs: string[] = [];
  for (let index = 0; index < 20; index++) {
    const challenge = createBoundChallenge({
      hmacKey: keys.challenge,
      binding,
      maxnumber: 1_000,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    if (!solution) throw new Error('no solution');
    proofs.push(Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64'));
  }
  const settings = { normalMaxNumber: 10_000, maxMaxNumber: 1e9, steepness: 15 };
  const rows = [
    await time('proof: checkProof (hash, signature, expiry, binding)', 20_000, (index) => {
      if (checkProof(proofs[index % proofs.length]!, keys.challenge, [binding], Date.now()).kind !== 'ok')
        throw new Error('proof refused');
    }),
    await time('identity: isIssuedIdentity (HMAC)', 50_000, () => {
      if (!isIssuedIdentity(fingerprint, keys.identity)) throw new Error('identity refused');
    }),
    await time('difficulty: maxNumberFor, 4 budgets', 50_000, (index) =>
      maxNumberFor(
        [
          { count: index % 700, budget: 600 },
          { count: index % 150, budget: 120 },
          { count: index % 12, budget: 10 },
          { count: index % 3_500, budget: 3_000 },
        ],
        settings,
      ),
    ),
  ];
  const sqlite = openDatabase(`sqlite:${join(dir, 'protection-spend.db')}`);
  const postgres = await createTestDatabase('postgres');
  const pgDatabase = openDatabase(postgres.url);
  try {
    for (const [label, database] of [
      ['SQLite, synchronous=FULL', sqlite],
      ['PostgreSQL', pgDatabase],
    ] as const) {
      await migrateToLatest(database);
      // In the server the insert rides in the vote's own transaction (group commit): timed the same way here.
      const calls = 2_000;
      const cpu = cpuMicros();
      const started = now();
      await database.db.transaction().execute(async (trx) => {
        for (let index = 0; index < calls; index++) {
          if (!(await spendChallenge(trx, { challengeId: randomBytes(32).toString('hex'), expiresAtMs: Date.now() + 300_000 }))) {
            throw new Error('fresh challenge seen as spent');
          }
        }
      });
      rows.push({
        name: `single use: spendChallenge, one insert inside a transaction (${label})`,
        calls,
        microseconds: ((now() - started) * 1_000) / calls,
        cpuMicroseconds: (cpuMicros() - cpu) / calls,
      });
    }
  } finally {
    await sqlite.close();
    await pgDatabase.close();
    await postgres.drop();
  }
  return rows;
}

/** Hashes per second on this machine: altcha-lib's solver (the browser's) and a plain synchronous loop. */
export async function measureSolverSpeed(): Promise<{ altchaPerSecond: number; nativePerSecond: number }> {
  const maxnumber = 20_000;
  const salt = randomBytes(12).toString('hex');
  const challenge = createHash('sha256')
    .update(`${salt}${maxnumber - 1}`)
    .digest('hex');
  let started = now();
  await solveChallenge(challenge, salt, 'SHA-256', maxnumber).promise;
  const altchaPerSecond = (maxnumber * 1_000) / (now() - started);
  started = now();
  const count = 200_000;
  for (let n = 0; n < count; n++) createHash('sha256').update(`${salt}${n}`).digest('hex');
  const nativePerSecond = (count * 1_000) / (now() - started);
  return { altchaPerSecond, nativePerSecond };
}
