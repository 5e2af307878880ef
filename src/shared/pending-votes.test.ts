import { describe, expect, it } from 'vitest';
import { parsePendingVotes, withoutPendingVote, withPendingVote, type PendingVote } from './pending-votes.js';

const first: PendingVote = { marketId: 'route-littoral', voteType: 'yes', queuedAt: '2026-11-27T06:00:00.000Z' };
const other: PendingVote = { marketId: 'cyclone-garance', voteType: 'no', queuedAt: '2026-11-27T06:01:00.000Z' };

describe('pending votes', () => {
  it('keeps one vote per prediction: a new choice replaces the earlier one', () => {
    const changed: PendingVote = { marketId: 'route-littoral', voteType: 'no', queuedAt: '2026-11-27T06:02:00.000Z' };
    expect(withPendingVote([first, other], changed)).toEqual([other, changed]);
    expect(withPendingVote([], first)).toEqual([first]);
  });

  it('removes a sent vote only if it is still the one kept', () => {
    expect(withoutPendingVote([first, other], first)).toEqual([other]);
    // Changed to NON while the OUI was on its way: the NON stays, to be sent next.
    const changed: PendingVote = { ...first, voteType: 'no', queuedAt: '2026-11-27T06:02:00.000Z' };
    expect(withoutPendingVote([changed], first)).toEqual([changed]);
  });

  it('reads back what it wrote, and nothing from damaged storage', () => {
    expect(parsePendingVotes(JSON.stringify([first, other]))).toEqual([first, other]);
    expect(parsePendingVotes(null)).toEqual([]);
    expect(parsePendingVotes('pas du JSON')).toEqual([]);
    expect(parsePendingVotes('{"marketId":"x"}')).toEqual([]);
    expect(
      parsePendingVotes(
        JSON.stringify([
          { marketId: 'a', voteType: 'peut-être', queuedAt: '2026-11-27T06:00:00.000Z' },
          { marketId: '', voteType: 'yes', queuedAt: '2026-11-27T06:00:00.000Z' },
          { marketId: 'b', voteType: 'no', queuedAt: 'hier' },
          { ...first, extra: 'ignoré' },
        ]),
      ),
    ).toEqual([first]);
  });
});
