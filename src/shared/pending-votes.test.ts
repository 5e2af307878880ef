import { describe, expect, it } from 'vitest';
import {
  parsePendingVotes,
  pendingVoteKey,
  withoutPendingVote,
  withPendingVote,
  type PendingCommuneVote,
  type PendingMarketVote,
} from './pending-votes.js';

const first: PendingMarketVote = {
  kind: 'market',
  marketId: 'route-littoral',
  voteType: 'yes',
  queuedAt: '2026-11-27T06:00:00.000Z',
};
const other: PendingMarketVote = {
  kind: 'market',
  marketId: 'cyclone-garance',
  voteType: 'no',
  queuedAt: '2026-11-27T06:01:00.000Z',
};
const commune: PendingCommuneVote = {
  kind: 'commune',
  communeId: 'saint-denis',
  candidateId: 'cand-1',
  queuedAt: '2026-11-27T06:03:00.000Z',
};

describe('pending votes', () => {
  it('keeps one per prediction, the last choice replacing the earlier one', () => {
    const changed: PendingMarketVote = { ...first, voteType: 'no', queuedAt: '2026-11-27T06:02:00.000Z' };
    expect(withPendingVote([first, other], changed)).toEqual([other, changed]);
    expect(withPendingVote([], first)).toEqual([first]);
  });

  it('keeps one per commune, the last candidate replacing the earlier one, beside the predictions’ votes', () => {
    const changed: PendingCommuneVote = { ...commune, candidateId: 'cand-2', queuedAt: '2026-11-27T06:04:00.000Z' };
    expect(withPendingVote([first, commune], changed)).toEqual([
      first,
      { kind: 'commune', communeId: 'saint-denis', candidateId: 'cand-2', queuedAt: '2026-11-27T06:04:00.000Z' },
    ]);
    // Another commune, and a prediction whose id happens to be the commune's, are other votes.
    const elsewhere: PendingCommuneVote = { ...commune, communeId: 'le-port' };
    const sameId: PendingMarketVote = { ...first, marketId: 'saint-denis' };
    expect(withPendingVote([commune, elsewhere], sameId)).toEqual([commune, elsewhere, sameId]);
  });

  it('names what a vote is about', () => {
    expect(pendingVoteKey(first)).toBe('market:route-littoral');
    expect(pendingVoteKey(commune)).toBe('commune:saint-denis');
  });

  it('removes a sent vote only if it is still the one kept', () => {
    expect(withoutPendingVote([first, other], first)).toEqual([other]);
    // The visitor changed their mind while the first choice was being sent: the new choice stays.
    const changed: PendingMarketVote = { ...first, voteType: 'no', queuedAt: '2026-11-27T06:02:00.000Z' };
    expect(withoutPendingVote([changed], first)).toEqual([changed]);
    expect(withoutPendingVote([first, commune], commune)).toEqual([first]);
    const otherCandidate: PendingCommuneVote = { ...commune, candidateId: 'cand-2' };
    expect(withoutPendingVote([otherCandidate], commune)).toEqual([otherCandidate]);
  });

  it('reads back what it wrote, and nothing from damaged storage', () => {
    expect(parsePendingVotes(JSON.stringify([first, other, commune]))).toEqual([first, other, commune]);
    expect(parsePendingVotes(null)).toEqual([]);
    expect(parsePendingVotes('pas du JSON')).toEqual([]);
    expect(parsePendingVotes('{"marketId":"x"}')).toEqual([]);
    expect(
      parsePendingVotes(
        JSON.stringify([
          { kind: 'market', marketId: 'a', voteType: 'peut-être', queuedAt: '2026-11-27T06:00:00.000Z' },
          { kind: 'market', marketId: '', voteType: 'yes', queuedAt: '2026-11-27T06:00:00.000Z' },
          { kind: 'market', marketId: 'b', voteType: 'no', queuedAt: 'hier' },
          { kind: 'commune', communeId: 'saint-paul', queuedAt: '2026-11-27T06:00:00.000Z' },
          { kind: 'commune', communeId: '', candidateId: 'cand-1', queuedAt: '2026-11-27T06:00:00.000Z' },
          { kind: 'commune', communeId: 'saint-paul', candidateId: 7, queuedAt: '2026-11-27T06:00:00.000Z' },
          { kind: 'region', communeId: 'saint-paul', candidateId: 'cand-1', queuedAt: '2026-11-27T06:00:00.000Z' },
          null,
          'vote',
          { ...first, extra: 'ignoré' },
          { ...commune, voteType: 'yes' },
        ]),
      ),
    ).toEqual([
      { kind: 'market', marketId: 'route-littoral', voteType: 'yes', queuedAt: '2026-11-27T06:00:00.000Z' },
      { kind: 'commune', communeId: 'saint-denis', candidateId: 'cand-1', queuedAt: '2026-11-27T06:03:00.000Z' },
    ]);
  });

  it('reads an entry stored before communes could wait (no kind) as a prediction’s vote', () => {
    expect(parsePendingVotes('[{"marketId":"route-littoral","voteType":"yes","queuedAt":"2026-11-27T06:00:00.000Z"}]')).toEqual([
      { kind: 'market', marketId: 'route-littoral', voteType: 'yes', queuedAt: '2026-11-27T06:00:00.000Z' },
    ]);
    // Without a kind, a commune's fields are not enough: such an entry was never written.
    expect(
      parsePendingVotes('[{"communeId":"saint-denis","candidateId":"cand-1","queuedAt":"2026-11-27T06:00:00.000Z"}]'),
    ).toEqual([]);
  });
});
