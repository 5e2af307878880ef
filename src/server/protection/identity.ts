import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const RANDOM_BYTES = 16;
const TAG_BYTES = 16;
const IDENTITY = /^[0-9a-f]{64}$/;

function tagOf(key: Buffer, random: Buffer): Buffer {
  return createHmac('sha256', key).update(random).digest().subarray(0, TAG_BYTES);
}

/**
 * A new device identity: 16 random bytes followed by the first 16 bytes of their HMAC-SHA-256 under the
 * identity key, in hex (64 characters, the shape fingerprints always had). Nothing is stored: any instance
 * recognises an identity it issued from the key alone.
 */
export function issueIdentity(key: Buffer): string {
  const random = randomBytes(RANDOM_BYTES);
  return Buffer.concat([random, tagOf(key, random)]).toString('hex');
}

/** True only for an identity issued under this key (not forged, not signed with another secret). */
export function isIssuedIdentity(fingerprint: string, key: Buffer): boolean {
  if (!IDENTITY.test(fingerprint)) return false;
  const bytes = Buffer.from(fingerprint, 'hex');
  return timingSafeEqual(tagOf(key, bytes.subarray(0, RANDOM_BYTES)), bytes.subarray(RANDOM_BYTES));
}
