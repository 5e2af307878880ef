import { readStoredIdentity } from './identity-store.js';
import { whenIntending } from './when-intending.js';

/**
 * Starts the issuance (an identity and its proof of work) in the background once the visitor shows the intent to
 * act (when-intending.ts), usually well before the vote itself: a visitor who only reads never asks for one, and
 * the page's own load never waits for it (docs/decisions/039-identity-on-intent.md).
 */
export function prepareIdentity(): () => void {
  if (readStoredIdentity() !== null) return () => undefined;
  // A failure is left for the first vote, which tries again and says so.
  const start = () => void import('./fingerprint.js').then(({ getFingerprint }) => getFingerprint()).catch(() => undefined);
  return whenIntending(start);
}
