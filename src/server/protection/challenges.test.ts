import { solveChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { checkProof, createBoundChallenge, drawSecretNumber, type ChallengeBinding } from './challenges.js';
import { identityIssuedAtMs, isIssuedIdentity, issueIdentity } from './identity.js';

const KEY = 'cle-de-test-des-defis';
const binding: ChallengeBinding = { purpose: 'vote', fingerprint: 'f'.repeat(64), marketId: 'route-du-littoral', voteType: 'no' };

async function solvedPayload(bound: ChallengeBinding = binding) {
  const challenge = createBoundChallenge({
    hmacKey: KEY,
    binding: bound,
    maxnumber: 500,
    expiresAt: new Date(Date.now() + 60_000),
  });
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  return { ...challenge, number: solution?.number ?? -1 };
}
const encode = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64');

describe('checkProof', () => {
  it('accepts exactly what altcha-lib verifySolution accepts', async () => {
    const payload = await solvedPayload();
    expect(await verifySolution(encode(payload), KEY)).toBe(true);
    expect(checkProof(encode(payload), KEY, [binding], Date.now())).toMatchObject({ kind: 'ok', challengeId: payload.challenge });

    const tampered = { ...payload, number: payload.number + 1 };
    expect(await verifySolution(encode(tampered), KEY)).toBe(false);
    expect(checkProof(encode(tampered), KEY, [binding], Date.now())).toEqual({ kind: 'invalid' });
    expect(await verifySolution(encode(payload), 'une-autre-cle')).toBe(false);
    expect(checkProof(encode(payload), 'une-autre-cle', [binding], Date.now())).toEqual({ kind: 'invalid' });
  });

  it('tells an expired challenge and one bound to something else', async () => {
    const proof = encode(await solvedPayload());
    expect(checkProof(proof, KEY, [binding], Date.now() + 61_000)).toEqual({ kind: 'expired' });
    expect(checkProof(proof, KEY, [{ ...binding, voteType: 'yes' }], Date.now())).toEqual({ kind: 'mismatch' });
    expect(checkProof(proof, KEY, [{ purpose: 'identity' }], Date.now())).toEqual({ kind: 'mismatch' });
  });

  it('takes a ballot proof for any vote of its own identity only, and a vote proof for its own vote only', async () => {
    const mine = 'f'.repeat(64);
    const ballot = encode(await solvedPayload({ purpose: 'ballot', fingerprint: mine }));
    const voteOrBallot = (fingerprint: string): ChallengeBinding[] => [
      { purpose: 'municipal', fingerprint, communeId: 'saint-denis', candidateId: 'c1' },
      { purpose: 'ballot', fingerprint },
    ];
    expect(checkProof(ballot, KEY, voteOrBallot(mine), Date.now())).toMatchObject({
      kind: 'ok',
      binding: { purpose: 'ballot', fingerprint: mine },
    });
    expect(checkProof(ballot, KEY, voteOrBallot('e'.repeat(64)), Date.now())).toEqual({ kind: 'mismatch' });
    // A proof bound to one vote is no ballot: it cannot pay for another vote of the same identity.
    const voteProof = encode(await solvedPayload());
    expect(checkProof(voteProof, KEY, voteOrBallot(mine), Date.now())).toEqual({ kind: 'mismatch' });
    expect(checkProof(voteProof, KEY, [binding, { purpose: 'ballot', fingerprint: mine }], Date.now())).toMatchObject({
      kind: 'ok',
      binding,
    });
  });
});

describe('issued identities', () => {
  it('are recognised under their key only, and any changed character makes them unknown', () => {
    const key = Buffer.alloc(32, 7);
    const identity = issueIdentity(key);
    expect(identity).toMatch(/^[0-9a-f]{64}$/);
    expect(isIssuedIdentity(identity, key)).toBe(true);
    expect(isIssuedIdentity(identity, Buffer.alloc(32, 8))).toBe(false);
    const flipped = `${identity.slice(0, 63)}${identity.endsWith('0') ? '1' : '0'}`;
    expect(isIssuedIdentity(flipped, key)).toBe(false);
    expect(isIssuedIdentity(identity.toUpperCase(), key)).toBe(false);
  });
});

describe('the issue time signed into an identity', () => {
  const key = Buffer.alloc(32, 7);
  const issuedAt = Date.parse('2026-11-27T08:15:42Z');

  it('is read back to the minute, and a changed time breaks the signature', () => {
    const identity = issueIdentity(key, issuedAt);
    expect(identityIssuedAtMs(identity, Date.parse('2026-12-01T00:00:00Z'))).toBe(Date.parse('2026-11-27T08:15:00Z'));
    const later = `${(Number.parseInt(identity.slice(0, 8), 16) + 1).toString(16).padStart(8, '0')}${identity.slice(8)}`;
    expect(isIssuedIdentity(later, key)).toBe(false);
  });

  it('is unknown for an identity issued before identities were dated, or dated after now', () => {
    expect(identityIssuedAtMs(`00000001${'a'.repeat(56)}`, issuedAt)).toBeNull();
    expect(identityIssuedAtMs(issueIdentity(key, Date.parse('2026-11-26T23:59:00Z')), issuedAt)).toBeNull();
    expect(identityIssuedAtMs(issueIdentity(key, issuedAt + 120_000), issuedAt)).toBeNull();
    expect(identityIssuedAtMs(issueIdentity(key, Date.parse('2026-11-27T00:00:00Z')), issuedAt)).toBe(
      Date.parse('2026-11-27T00:00:00Z'),
    );
  });
});

describe('the secret number of a challenge', () => {
  it('is drawn from the whole range, so the price asked is the price paid', () => {
    // A 32-bit draw scaled to 2^40 (altcha-lib v1) lands only on numbers ≡ 1 (mod 256): one residue of 256.
    const residues = new Set<number>();
    for (let i = 0; i < 2_000; i++) {
      const number = drawSecretNumber(2 ** 40);
      expect(number).toBeGreaterThanOrEqual(0);
      expect(number).toBeLessThanOrEqual(2 ** 40);
      residues.add(number % 256);
    }
    expect(residues.size).toBeGreaterThan(200);
  });

  it('includes both ends of a small range', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(drawSecretNumber(3));
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('the price signed into a challenge', () => {
  it('is read back from the proof, and changing it breaks the signature', async () => {
    const payload = await solvedPayload();
    expect(payload.salt).toContain('x=500');
    expect(checkProof(encode(payload), KEY, [binding], Date.now())).toMatchObject({ kind: 'ok', paidMaxNumber: 500 });
    const cheaper = { ...payload, salt: payload.salt.replace('x=500', 'x=5000') };
    expect(checkProof(encode(cheaper), KEY, [binding], Date.now())).toEqual({ kind: 'invalid' });
  });
});

describe('the payload of a solution', () => {
  it('is refused unless every field has the shape of one issued here', async () => {
    const payload = await solvedPayload();
    expect(checkProof(encode(payload), KEY, [binding], Date.now())).toMatchObject({ kind: 'ok' });
    const refused = [
      { ...payload, algorithm: 'SHA-512' },
      { ...payload, algorithm: undefined },
      { ...payload, challenge: payload.challenge.toUpperCase() },
      { ...payload, challenge: payload.challenge.slice(2) },
      { ...payload, signature: payload.signature.toUpperCase() },
      { ...payload, signature: `${payload.signature}00` },
      { ...payload, number: String(payload.number) },
      { ...payload, number: payload.number + 0.5 },
      { ...payload, number: -1 },
      { ...payload, number: 2 ** 53 },
      { ...payload, salt: '' },
      { ...payload, salt: `${payload.salt}${'a'.repeat(2048)}` },
      { ...payload, salt: 7 },
    ];
    for (const wrong of refused) expect(checkProof(encode(wrong), KEY, [binding], Date.now())).toEqual({ kind: 'invalid' });
    for (const wrong of ['', 'pas du base64 !', Buffer.from('null').toString('base64'), Buffer.from('[1]').toString('base64')]) {
      expect(checkProof(wrong, KEY, [binding], Date.now())).toEqual({ kind: 'invalid' });
    }
  });
});

describe('the binding written into a salt', () => {
  /** A proof of a challenge for `bound` with its secret number known (maxnumber 1: solved in two tries). */
  async function proofFor(bound: ChallengeBinding) {
    const challenge = createBoundChallenge({
      hmacKey: KEY,
      binding: bound,
      maxnumber: 1,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    return { payload: { ...challenge, number: solution?.number ?? -1 }, salt: challenge.salt };
  }

  it('reads back values carrying the separators of the salt exactly, and binds nothing else', async () => {
    const odd: ChallengeBinding = {
      purpose: 'vote',
      fingerprint: 'f'.repeat(64),
      marketId: 'a&v=yes&x=1?b+c d%20é=',
      voteType: 'no',
    };
    const { payload } = await proofFor(odd);
    expect(checkProof(encode(payload), KEY, [odd], Date.now())).toMatchObject({ kind: 'ok' });
    // What a salt written without encoding would have let through: the id's `&v=yes` read as the vote.
    expect(checkProof(encode(payload), KEY, [{ ...odd, marketId: 'a', voteType: 'yes' }], Date.now())).toEqual({
      kind: 'mismatch',
    });
    expect(checkProof(encode(payload), KEY, [{ ...odd, marketId: 'a&v=yes&x=1?b c d%20é=' }], Date.now())).toEqual({
      kind: 'mismatch',
    });
  });

  it('cannot grow a parameter from the secret number (the salt ends with `&`)', async () => {
    let payload = await solvedPayload();
    // Two digits at least, the second not a 0: a number written with a leading 0 (105 read as salt…1 and 05) is not
    // the same text once sent as a JSON number, and its hash would differ for that reason alone.
    while (payload.number < 10 || String(payload.number)[1] === '0') payload = await solvedPayload();
    expect(checkProof(encode(payload), KEY, [binding], Date.now())).toMatchObject({ kind: 'ok' });
    // The same challenge hash, signature and all, read as a salt one digit longer and a number one digit shorter.
    const digits = String(payload.number);
    const spliced = { ...payload, salt: `${payload.salt}${digits[0]}`, number: Number(digits.slice(1)) };
    expect(checkProof(encode(spliced), KEY, [binding], Date.now())).toEqual({ kind: 'mismatch' });
  });

  it('comes with a fresh random part each time', () => {
    const salts = new Set<string>();
    for (let i = 0; i < 3_000; i++) {
      salts.add(createBoundChallenge({ hmacKey: KEY, binding, maxnumber: 10, expiresAt: new Date() }).salt.split('?')[0]!);
    }
    expect(salts.size).toBe(3_000);
  });
});
