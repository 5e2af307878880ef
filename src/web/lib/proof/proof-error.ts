import * as identityCopy from '../../copy/identity.js';

/** The proof could not be computed on this device (no number found, or the solver failed). */
export class ProofUnavailableError extends Error {
  constructor(reason: string) {
    super(identityCopy.proofUnavailable(reason));
    this.name = 'ProofUnavailableError';
  }
}
