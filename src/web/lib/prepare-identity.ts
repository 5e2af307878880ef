import { whenIntending } from './when-intending.js';

/**
 * Gets the vote ready in the background once the visitor shows the intent to act (when-intending.ts), usually well
 * before the vote itself: an identity if the device has none (with its proof of work), and the proof of the next vote
 * solved ahead (next-proof.ts). A visitor who only reads never asks for either, and the page's own load never waits
 * for them (docs/decisions/039-identity-on-intent.md, 049).
 */
export function prepareIdentity(): () => void {
  // A failure is left for the first vote, which tries again and says so.
  const start = () => void import('./fingerprint.js').then(({ prepareVote }) => prepareVote()).catch(() => undefined);
  return whenIntending(start);
}
