import { solveProofChallenge } from './solve-challenge.js';
import type { SolveRequest, SolveResponse } from './worker-protocol.js';

// Runs off the main thread so scrolling and taps stay smooth while a proof is searched for.
self.onmessage = (event: MessageEvent<SolveRequest>) => {
  const { id, challenge } = event.data;
  solveProofChallenge(challenge).then(
    (found) => self.postMessage({ id, found } satisfies SolveResponse),
    (error: unknown) => self.postMessage({ id, error: String(error) } satisfies SolveResponse),
  );
};
