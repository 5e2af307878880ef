import { readCookie, readStorage, removeCookie, removeStorage, STORAGE_KEYS, writeCookie, writeStorage } from './storage.js';
import * as identityCopy from '../copy/identity.js';

/**
 * The device's identity, sent as `fingerprint` with every vote: issued once by the server and kept for a
 * year in local storage and in the cookie `user_fingerprint`. It is read back on every visit and never
 * recomputed, so turning the phone, zooming or a browser update never changes who the device is.
 * Only this small part ships with the first screen; obtaining one (fingerprint.ts) is loaded on demand
 * (prepare-identity.ts starts it early), and this module never imports it, so the two form no cycle.
 */

const ISSUED_IDENTITY = /^[0-9a-f]{64}$/;

export function isIdentity(value: string | null): value is string {
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

export function keepIdentity(identity: string): void {
  if (readStorage(STORAGE_KEYS.fingerprint) !== identity) writeStorage(STORAGE_KEYS.fingerprint, identity);
  writeCookie(STORAGE_KEYS.fingerprint, identity);
}

/** Forgets the identity the server refused (or the one just erased), so the next call obtains a new one. */
export function forgetIdentity(identity: string): void {
  if (readStorage(STORAGE_KEYS.fingerprint) === identity) removeStorage(STORAGE_KEYS.fingerprint);
  if (readCookie(STORAGE_KEYS.fingerprint) === identity) removeCookie(STORAGE_KEYS.fingerprint);
}

/** The device could not obtain an identity (network, server refusal, no proof): "Empreinte utilisateur non disponible". */
export class IdentityUnavailableError extends Error {
  constructor(cause: unknown) {
    super(identityCopy.unavailable, { cause });
    this.name = 'IdentityUnavailableError';
  }
}
