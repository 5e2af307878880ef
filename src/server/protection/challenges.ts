import { createHmac, hash, randomFillSync, randomInt, timingSafeEqual } from 'node:crypto';
import { extractParams } from 'altcha-lib/v1';
import { z } from 'zod';
import type { ProofChallenge } from '../../shared/vote-protection.js';

/** What a challenge authorises; written into its signed salt, compared when the proof comes back. */
export type ChallengeBinding =
  | { purpose: 'identity' }
  /** Any one vote of this identity (a prediction or a commune), chosen when it is spent (docs/decisions/049). */
  | { purpose: 'ballot'; fingerprint: string }
  | { purpose: 'vote'; fingerprint: string; marketId: string; voteType: string }
  | { purpose: 'municipal'; fingerprint: string; communeId: string; candidateId: string };

function paramsOf(binding: ChallengeBinding): Record<string, string> {
  switch (binding.purpose) {
    case 'identity':
      return { p: 'identity' };
    case 'ballot':
      return { p: 'ballot', f: binding.fingerprint };
    case 'vote':
      return { p: 'vote', f: binding.fingerprint, m: binding.marketId, v: binding.voteType };
    case 'municipal':
      return { p: 'municipal', f: binding.fingerprint, c: binding.communeId, k: binding.candidateId };
  }
}

/**
 * The secret number of a challenge, uniform over the whole of [0, maxnumber]: the price asked is then the price
 * paid. (altcha-lib's v1 `createChallenge` scales a 32-bit draw, so above 2^32 it leaves most numbers out: at
 * maxnumber 10^12 a solver trying only the 4.3·10^9 numbers it can draw finds the secret 233 times sooner.)
 */
export function drawSecretNumber(maxnumber: number): number {
  return randomInt(0, maxnumber + 1);
}

const SALT_RANDOM_BYTES = 12;
/**
 * Random bytes for the salts, drawn from the system's generator a few kilobytes at a time rather than one call per
 * challenge (a call costs some twenty times what reading its bytes back does, as node:crypto's own randomUUID pools
 * them); every byte goes into one salt only.
 */
const saltPool = Buffer.alloc(SALT_RANDOM_BYTES * 256);
let saltPoolUsed = saltPool.length;
function randomSaltHex(): string {
  if (saltPoolUsed + SALT_RANDOM_BYTES > saltPool.length) {
    randomFillSync(saltPool);
    saltPoolUsed = 0;
  }
  const hex = saltPool.toString('hex', saltPoolUsed, saltPoolUsed + SALT_RANDOM_BYTES);
  saltPoolUsed += SALT_RANDOM_BYTES;
  return hex;
}

/**
 * An ALTCHA challenge in the v1 format (SHA-256, what altcha-lib's `solveChallenge` and the browser's worker
 * solve). The salt carries the expiry, the binding and the price asked (`x`, the maxnumber), all covered by the
 * signature (it signs the challenge, which hashes the salt), so the server reads back what a proof was worth.
 */
export function createBoundChallenge(options: {
  hmacKey: string;
  binding: ChallengeBinding;
  maxnumber: number;
  expiresAt: Date;
}): ProofChallenge {
  const params = new URLSearchParams({
    ...paramsOf(options.binding),
    x: String(options.maxnumber),
    expires: String(Math.floor(options.expiresAt.getTime() / 1000)),
  });
  // The ending '&' keeps a solver from splicing parameters onto the salt, as altcha-lib does.
  const salt = `${randomSaltHex()}?${params.toString()}&`;
  const challenge = hash('sha256', `${salt}${drawSecretNumber(options.maxnumber)}`, 'hex');
  const signature = createHmac('sha256', options.hmacKey).update(challenge).digest('hex');
  return { algorithm: 'SHA-256', challenge, maxnumber: options.maxnumber, salt, signature };
}

export type ProofCheck =
  | { kind: 'ok'; challengeId: string; expiresAtMs: number; paidMaxNumber: number; binding: ChallengeBinding }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'mismatch' };

const HEX64 = /^[0-9a-f]{64}$/;
const payloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(HEX64),
  number: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  salt: z.string().min(1).max(2048),
  signature: z.string().regex(HEX64),
});

function decode(proof: string): z.infer<typeof payloadSchema> | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(proof, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/**
 * Checks a solution (the base64 ALTCHA payload) the way `altcha-lib`'s `verifySolution` does, with Node's
 * own hashing (two hashes, a few microseconds, on the vote's path) and the server's clock, and tells why it
 * fails: not solved or not signed here, past its expiry, or issued for something else than any of `bindings`.
 */
export function checkProof(proof: string, hmacKey: string, bindings: readonly ChallengeBinding[], nowMs: number): ProofCheck {
  const payload = decode(proof);
  if (!payload) return { kind: 'invalid' };
  const challenge = hash('sha256', `${payload.salt}${payload.number}`, 'hex');
  const signature = createHmac('sha256', hmacKey).update(payload.challenge).digest('hex');
  if (!sameHex(challenge, payload.challenge) || !sameHex(signature, payload.signature)) return { kind: 'invalid' };
  const params = extractParams(payload);
  const expires = Number(params.expires);
  // Every challenge issued here has an expiry: one without is not ours.
  if (!Number.isSafeInteger(expires)) return { kind: 'invalid' };
  const expiresAtMs = expires * 1000;
  if (expiresAtMs < nowMs) return { kind: 'expired' };
  // Every challenge issued here says what it was priced at: one without is not ours.
  const paidMaxNumber = Number(params.x);
  if (!Number.isSafeInteger(paidMaxNumber) || paidMaxNumber < 1) return { kind: 'invalid' };
  const binding = bindings.find((candidate) => {
    const wanted = paramsOf(candidate);
    const bound = Object.keys(wanted).every((name) => params[name] === wanted[name]);
    return bound && Object.keys(params).length === Object.keys(wanted).length + 2;
  });
  if (!binding) return { kind: 'mismatch' };
  return { kind: 'ok', challengeId: payload.challenge, expiresAtMs, paidMaxNumber, binding };
}
