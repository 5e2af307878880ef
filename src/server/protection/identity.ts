import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const RANDOM_BYTES = 16;
const TAG_BYTES = 16;
/** The first bytes of the signed part: the minute the identity was issued (epoch minutes, big-endian). */
const ISSUED_BYTES = 4;
const IDENTITY = /^[0-9a-f]{64}$/;
const MINUTE_MS = 60_000;
/** Identities issued before their issue time was written in them carry random bytes there instead. */
const FIRST_DATED_ISSUE_MS = Date.parse('2026-11-27T00:00:00Z');

function tagOf(key: Buffer, signed: Buffer): Buffer {
  return createHmac('sha256', key).update(signed).digest().subarray(0, TAG_BYTES);
}

/**
 * A new device identity: 16 signed bytes (the minute of issue, then 12 random bytes) followed by the first
 * 16 bytes of their HMAC-SHA-256 under the identity key, in hex (64 characters, the shape fingerprints always
 * had). Nothing is stored: any instance recognises an identity it issued, and reads its age, from the key alone.
 */
export function issueIdentity(key: Buffer, nowMs: number = Date.now()): string {
  const signed = Buffer.alloc(RANDOM_BYTES);
  signed.writeUInt32BE(Math.floor(nowMs / MINUTE_MS), 0);
  randomBytes(RANDOM_BYTES - ISSUED_BYTES).copy(signed, ISSUED_BYTES);
  return Buffer.concat([signed, tagOf(key, signed)]).toString('hex');
}

/** True only for an identity issued under this key (not forged, not signed with another secret). */
export function isIssuedIdentity(fingerprint: string, key: Buffer): boolean {
  if (!IDENTITY.test(fingerprint)) return false;
  const bytes = Buffer.from(fingerprint, 'hex');
  return timingSafeEqual(tagOf(key, bytes.subarray(0, RANDOM_BYTES)), bytes.subarray(RANDOM_BYTES));
}

/**
 * When an issued identity was issued (epoch ms, to the minute), read from its signed bytes; null for one issued
 * before identities were dated (its first bytes are random: a time outside [first dated issue, now] is
 * taken as such). Call it on identities `isIssuedIdentity` accepted: the time is only as good as the signature.
 */
export function identityIssuedAtMs(fingerprint: string, nowMs: number): number | null {
  if (!IDENTITY.test(fingerprint)) return null;
  const issuedAtMs = Buffer.from(fingerprint.slice(0, ISSUED_BYTES * 2), 'hex').readUInt32BE(0) * MINUTE_MS;
  return issuedAtMs >= FIRST_DATED_ISSUE_MS && issuedAtMs <= nowMs ? issuedAtMs : null;
}
