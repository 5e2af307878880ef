import { describe, expect, it } from 'vitest';
import { hashedAddress } from './rate-limit.js';

// Expected hashes computed apart from this code: HMAC-SHA256(HMAC-SHA256(salt, day), address), base64url, 24 chars.
const SALT = Buffer.alloc(32, 1);
const ADDRESS = '203.0.113.7';

describe('rate limiter address hashes', () => {
  it('use the key of the day in La Réunion (UTC+4), so they change at its midnight', () => {
    // 27 November, 00:00:00 and 23:59:59 in La Réunion: one key.
    expect(hashedAddress(SALT, ADDRESS, Date.parse('2026-11-26T20:00:00Z'))).toBe('nrY0ihoZpiw7Gyz7U8HXP1-B');
    expect(hashedAddress(SALT, ADDRESS, Date.parse('2026-11-27T19:59:59.999Z'))).toBe('nrY0ihoZpiw7Gyz7U8HXP1-B');
    // One millisecond later it is 28 November there: another key, another hash.
    expect(hashedAddress(SALT, ADDRESS, Date.parse('2026-11-27T20:00:00Z'))).toBe('PgWzx_G-xUuKQ1-0TBgLdFMf');
  });

  it('differ between addresses on the same day and between salts', () => {
    const at = Date.parse('2026-11-27T08:00:00Z');
    expect(hashedAddress(SALT, '203.0.113.8', at)).not.toBe('nrY0ihoZpiw7Gyz7U8HXP1-B');
    expect(hashedAddress(Buffer.alloc(32, 2), ADDRESS, at)).not.toBe('nrY0ihoZpiw7Gyz7U8HXP1-B');
  });
});
