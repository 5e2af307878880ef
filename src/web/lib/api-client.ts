import { ApiError, createCaller, NetworkError } from '../../shared/api/caller.js';
import { MESSAGES } from '../../shared/messages.js';
import { noteAnswer } from './connection.js';

export { ApiError, NetworkError };

/** The app's API caller: same origin, each successful read noted as a sign the server is reachable. */
export const call = createCaller({ onAnswer: noteAnswer });

/**
 * Whether a failure is the network's: the device says it is offline, or the request (or the one it
 * depended on, e.g. obtaining the device's identity) never reached the server.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof NetworkError) return true;
  }
  return false;
}

/** Text to show for any failure: Error message, else "Erreur inconnue". */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : MESSAGES.unknownError;
}
