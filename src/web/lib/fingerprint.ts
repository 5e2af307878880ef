import { readCookie, readStorage, STORAGE_KEYS, writeCookie, writeStorage } from './storage.js';

/**
 * The identity sent with every vote: SHA-256 (64 hex characters) of the browser attributes the
 * specification lists plus a random per-device value. The attributes alone are the same on every
 * phone of a given model on the island, so the random value is what tells two of them apart.
 */
interface FingerprintSource {
  userAgent: string;
  screenResolution: string;
  timezone: string;
  language: string;
  platform: string;
  cookieEnabled: boolean;
  doNotTrack: string | null;
  device: string;
}

function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  crypto.getRandomValues(values);
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

const DEVICE_VALUE = /^[0-9a-f]{32}$/;

/** Reads the per-device value from storage or cookie, creates it on a first visit, and renews both for a year. */
function deviceValue(): string {
  const stored = readStorage(STORAGE_KEYS.fingerprint);
  const cookie = readCookie(STORAGE_KEYS.fingerprint);
  const value = [stored, cookie].find((candidate) => candidate !== null && DEVICE_VALUE.test(candidate)) ?? randomHex(16);
  if (stored !== value) writeStorage(STORAGE_KEYS.fingerprint, value);
  writeCookie(STORAGE_KEYS.fingerprint, value);
  return value;
}

function collectSource(): FingerprintSource {
  return {
    userAgent: navigator.userAgent,
    screenResolution: `${window.screen.width}x${window.screen.height}`,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    language: navigator.language,
    platform: navigator.platform,
    cookieEnabled: navigator.cookieEnabled,
    doNotTrack: navigator.doNotTrack,
    device: deviceValue(),
  };
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (value) => value.toString(16).padStart(2, '0')).join('');
}

async function sha256Hex(text: string): Promise<string> {
  const data = new TextEncoder().encode(text);
  // crypto.subtle only exists on HTTPS and localhost; plain-HTTP previews fall back to a JS hash.
  if (globalThis.crypto?.subtle) {
    return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', data)));
  }
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return toHex(sha256(data));
}

let cached: Promise<string> | null = null;

/** The device fingerprint, computed once per page load. */
export function getFingerprint(): Promise<string> {
  cached ??= sha256Hex(JSON.stringify(collectSource())).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}
