/** The proof could not be computed on this device (no number found, or the solver failed). */
export class ProofUnavailableError extends Error {
  constructor(reason: string) {
    super(`Preuve de travail impossible à calculer : ${reason}`);
    this.name = 'ProofUnavailableError';
  }
}
