import type { ChallengeAnswer, IdentityAnswer } from '../../shared/vote-protection.js';
import { apiFetch } from './api-client.js';
import { isProtectionRefusal } from './protection-refusal.js';
import { readCookie, readStorage, removeCookie, removeStorage, STORAGE_KEYS, writeCookie, writeStorage } from './storage.js';

/**
 * The device's identity, sent as `fingerprint` with every vote: a 64-hex value issued once by the server
 * (POST /api/identity, with a proof of work) and kept for a year in local storage and in the cookie
 * `user_fingerprint`. It is read back on every visit and never recomputed, so turning the phone, zooming
 * or a browser update never changes who the device is.
 */

const ISSUED_IDENTITY = /^[0-9a-f]{64}$/;

function isIdentity(value: string | null): value is string {
  return value !== null && ISSUED_IDENTITY.test(value);
}

/** The stored identity (local storage first, else the cookie), renewed in both for another year; null if none. */
export function readStoredIdentity(): string | null {
  const stored = readStorage(STORAGE_KEYS.fingerprint);
  const cookie = readCookie(STORAGE_KEYS.fingerprint);
  // Anything else under the key (the device value of earlier versions, a damaged value) is replaced by an issued identity.
  const identity = isIdentity(stored) ? stored : isIdentity(cookie) ? cookie : null;
  if (identity !== null) keepIdentity(identity);
  return identity;
}

function keepIdentity(identity: string): void {
  if (readStorage(STORAGE_KEYS.fingerprint) !== identity) writeStorage(STORAGE_KEYS.fingerprint, identity);
  writeCookie(STORAGE_KEYS.fingerprint, identity);
}

/** Forgets the identity the server refused (or the one just erased), so the next call obtains a new one. */
export function forgetIdentity(identity: string): void {
  if (readStorage(STORAGE_KEYS.fingerprint) === identity) removeStorage(STORAGE_KEYS.fingerprint);
  if (readCookie(STORAGE_KEYS.fingerprint) === identity) removeCookie(STORAGE_KEYS.fingerprint);
}

/** Solves a challenge in the proof-of-work worker; its code is downloaded only when a proof is needed. */
export async function proveFor(challenge: ChallengeAnswer['challenge']): Promise<string | undefined> {
  if (challenge === null) return undefined; // protection off on this server: no proof is sent
  const { solveProof } = await import('./proof/proof-of-work.js');
  return solveProof(challenge);
}

async function requestIdentity(): Promise<string> {
  const { challenge } = await apiFetch<ChallengeAnswer>('/api/challenges', { method: 'POST', body: { purpose: 'identity' } });
  const proof = await proveFor(challenge);
  const { fingerprint } = await apiFetch<IdentityAnswer>('/api/identity', {
    method: 'POST',
    body: proof === undefined ? {} : { proof },
  });
  if (!isIdentity(fingerprint)) throw new Error('Identité reçue invalide');
  return fingerprint;
}

async function issueIdentity(): Promise<string> {
  let identity: string;
  try {
    identity = await requestIdentity();
  } catch (error) {
    // A challenge that expired while the phone was busy, or was spent twice: one fresh attempt.
    if (!isProtectionRefusal(error, 'proofExpired') && !isProtectionRefusal(error, 'proofReplayed')) throw error;
    identity = await requestIdentity();
  }
  keepIdentity(identity);
  return identity;
}

let issuing: Promise<string> | null = null;

/**
 * The device's identity: the stored one, else a new one from the server. Every caller during an issuance
 * waits for the same one, so a vote clicked meanwhile is sent as soon as it is ready.
 */
export function getFingerprint(): Promise<string> {
  const stored = readStoredIdentity();
  if (stored !== null) return Promise.resolve(stored);
  issuing ??= issueIdentity().finally(() => {
    issuing = null;
  });
  return issuing;
}

/** Starts the issuance in the background on a first visit, once the page is idle, so the first vote does not wait for it. */
export function prepareIdentity(): () => void {
  if (readStoredIdentity() !== null) return () => undefined;
  const start = () => void getFingerprint().catch(() => undefined); // a vote retries and reports a failure
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(start, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(start, 500);
  return () => window.clearTimeout(timer);
}
