import type { ProofChallenge } from '../../../shared/vote-protection.js';
import { ProofUnavailableError } from './proof-error.js';
import { proofPayload, type FoundNumber, type SolveRequest, type SolveResponse } from './worker-protocol.js';
import * as identityCopy from '../../copy/identity.js';

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (found: FoundNumber | null) => void; reject: (error: Error) => void }>();

function failAll(reason: string): void {
  for (const { reject } of waiting.values()) reject(new ProofUnavailableError(reason));
  waiting.clear();
  worker?.terminate();
  worker = null;
}

/** One worker for the whole visit, created on the first proof; requests are answered in order. */
function getWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL('./proof-worker.ts', import.meta.url), { type: 'module', name: 'preuve-de-travail' });
  created.onmessage = (event: MessageEvent<SolveResponse>) => {
    const entry = waiting.get(event.data.id);
    if (!entry) return;
    waiting.delete(event.data.id);
    if ('error' in event.data) entry.reject(new ProofUnavailableError(event.data.error));
    else entry.resolve(event.data.found);
  };
  created.onerror = (event) => {
    event.preventDefault();
    failAll(event.message || identityCopy.interrupted);
  };
  worker = created;
  return created;
}

async function findNumber(challenge: ProofChallenge): Promise<FoundNumber | null> {
  if (typeof Worker === 'undefined') {
    // Very old browsers: same solver on the page itself, still only downloaded now.
    const { solveProofChallenge } = await import('./solve-challenge.js');
    return solveProofChallenge(challenge);
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    getWorker().postMessage({ id, challenge } satisfies SolveRequest);
  });
}

/** Solves a challenge in the worker and returns the `proof` body field. */
export async function solveProof(challenge: ProofChallenge): Promise<string> {
  const found = await findNumber(challenge);
  if (!found) throw new ProofUnavailableError(identityCopy.noSolution);
  return proofPayload(challenge, found);
}
