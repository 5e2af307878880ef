import { createHash } from 'node:crypto';
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ProofChallenge } from '../../src/shared/vote-protection.js';

/**
 * Solving as a competent script does: node:crypto, the salt hashed once and its state copied for each number
 * (as `tests/support/protection.ts`'s `solveNative`), on worker threads so every core works. The number found
 * is what was tried (`number + 1` hashes), the figure the phone-speed conversion uses.
 */

export interface NativeSolution {
  proof: string;
  /** The secret number found; `number + 1` hashes were tried. */
  number: number;
  solveMs: number;
}

/** The search itself, shared by the worker source below and the in-process solver. */
function search(challengeHex: string, salt: string, max: number): number {
  const target = Buffer.from(challengeHex, 'hex');
  const salted = createHash('sha256').update(salt);
  for (let number = 0; number <= max; number++) {
    if (salted.copy().update(String(number)).digest().equals(target)) return number;
  }
  return -1;
}

function payload(challenge: ProofChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature })).toString('base64');
}

/** Solves in this thread (short challenges of an honest probe). */
export function solveHere(challenge: ProofChallenge): NativeSolution {
  const started = performance.now();
  const number = search(challenge.challenge, challenge.salt, challenge.maxnumber ?? 1_000_000);
  if (number < 0) throw new Error('challenge not solved');
  return { proof: payload(challenge, number), number, solveMs: performance.now() - started };
}

const WORKER_SOURCE = `
const { createHash } = require('node:crypto');
const { parentPort } = require('node:worker_threads');
const search = ${search.toString()};
parentPort.on('message', ({ id, challenge, salt, max }) => {
  parentPort.postMessage({ id, number: search(challenge, salt, max) });
});
`;

interface Pending {
  challenge: ProofChallenge;
  started: number;
  resolve: (solution: NativeSolution) => void;
  reject: (error: Error) => void;
}

/** A pool of solver threads (one per core by default); jobs queue when every thread is busy. */
export class SolverPool {
  private readonly idle: Worker[] = [];
  private readonly queue: { id: number; job: Pending }[] = [];
  private readonly running = new Map<number, Pending>();
  private readonly workers: Worker[] = [];
  private nextId = 0;
  /** Hashes tried by every solve so far. */
  hashes = 0;

  constructor(size = cpus().length) {
    for (let index = 0; index < size; index++) {
      const worker = new Worker(WORKER_SOURCE, { eval: true });
      worker.on('message', ({ id, number }: { id: number; number: number }) => {
        const job = this.running.get(id);
        this.running.delete(id);
        this.idle.push(worker);
        this.pump();
        if (!job) return;
        if (number < 0) job.reject(new Error('challenge not solved'));
        else {
          this.hashes += number + 1;
          job.resolve({ proof: payload(job.challenge, number), number, solveMs: performance.now() - job.started });
        }
      });
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  /** Solves on the next free thread; `solveMs` runs from this call (queueing included). */
  solve(challenge: ProofChallenge): Promise<NativeSolution> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job: { challenge, started: performance.now(), resolve, reject } });
      this.pump();
    });
  }

  get waiting(): number {
    return this.queue.length;
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const { id, job } = this.queue.shift()!;
      this.running.set(id, job);
      worker.postMessage({
        id,
        challenge: job.challenge.challenge,
        salt: job.challenge.salt,
        max: job.challenge.maxnumber ?? 1_000_000,
      });
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
