import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { sharedIdentitySecret } from './protection-repository.js';

/** Keys of the vote protection, each derived from the one secret (IDENTITY_SECRET or the stored one). */
export interface ProtectionKeys {
  /** Signs identities. */
  identity: Buffer;
  /** Signs challenges (ALTCHA's HMAC key is text). */
  challenge: string;
  /** Hashes addresses and identities for the budget counters; changes every day, so keys cannot be linked across days. */
  daily(day: string): Buffer;
}

/** The keys from IDENTITY_SECRET when it is set, else from the secret stored in the database (created by the first instance). */
export async function loadProtectionKeys(configuredSecret: string | null, db: Kysely<DB>): Promise<ProtectionKeys> {
  return deriveKeys(configuredSecret ?? (await sharedIdentitySecret(db)));
}

export function deriveKeys(secret: string): ProtectionKeys {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  const dailyKeys = new Map<string, Buffer>();
  return {
    identity: derive('identity'),
    challenge: derive('challenge').toString('hex'),
    daily(day) {
      let key = dailyKeys.get(day);
      if (!key) {
        // Only today's and yesterday's keys are ever needed.
        if (dailyKeys.size > 4) dailyKeys.clear();
        key = derive(`daily:${day}`);
        dailyKeys.set(day, key);
      }
      return key;
    },
  };
}

/** A short keyed hash: what the counters store instead of an address or an identity. */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url').slice(0, 22);
}
