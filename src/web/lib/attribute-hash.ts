/**
 * The specification's "device fingerprint": SHA-256 (hex) of the browser attributes it lists. Many phones
 * of one model share it and it changes when the phone is turned or the browser updated, so it is not the
 * identity (see fingerprint.ts); it is kept as the specification defines it, computed once per page.
 */
export interface AttributeSource {
  userAgent: string;
  screenResolution: string;
  timezone: string;
  language: string;
  platform: string;
  cookieEnabled: boolean;
  doNotTrack: string | null;
}

export function collectAttributes(): AttributeSource {
  return {
    userAgent: navigator.userAgent,
    screenResolution: `${window.screen.width}x${window.screen.height}`,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    language: navigator.language,
    platform: navigator.platform,
    cookieEnabled: navigator.cookieEnabled,
    doNotTrack: navigator.doNotTrack,
  };
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (value) => value.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(text: string): Promise<string> {
  const data = new TextEncoder().encode(text);
  // crypto.subtle only exists on HTTPS and localhost; plain-HTTP previews fall back to a JS hash.
  if (globalThis.crypto?.subtle) {
    return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', data)));
  }
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return toHex(sha256(data));
}

/** SHA-256 of the JSON of the attributes, in the specification's order. */
export function attributeHash(source: AttributeSource): Promise<string> {
  return sha256Hex(JSON.stringify(source));
}

let cached: Promise<string> | null = null;

/** The specification's attribute hash of this browser, cached in memory. Never sent as the identity. */
export function getAttributeHash(): Promise<string> {
  cached ??= attributeHash(collectAttributes());
  return cached;
}
