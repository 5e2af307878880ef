import { useSyncExternalStore } from 'react';
import type { CastVoteResult } from '../../../../shared/api/markets.js';
import { parsePendingVotes, withoutPendingVote, withPendingVote, type PendingVote } from '../../../../shared/pending-votes.js';
import { isNetworkFailure } from '../../../lib/api-client.js';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage.js';

/**
 * Votes made without network (docs/decisions/038): kept in local storage, so a reload or a closed tab loses
 * none, and sent once the connection returns, each once. Two tabs never send the same one: the sending holds a
 * Web Lock and reads the list again inside it, and a vote leaves the list as soon as the server has counted it.
 */

/** What became of a pending vote, for the card or the detail that shows it, until the page is left. */
export type PendingOutcome = { kind: 'sent' } | { kind: 'refused'; error: unknown };

const listeners = new Set<() => void>();
const outcomes = new Map<string, PendingOutcome>();
let cache: { raw: string | null; list: PendingVote[] } = { raw: null, list: [] };

function notify(): void {
  for (const listener of listeners) listener();
}

function readPending(): PendingVote[] {
  const raw = readStorage(STORAGE_KEYS.pendingVotes);
  if (raw !== cache.raw) cache = { raw, list: parsePendingVotes(raw) };
  return cache.list;
}

function writePending(list: readonly PendingVote[]): void {
  if (list.length > 0) writeStorage(STORAGE_KEYS.pendingVotes, JSON.stringify(list));
  else removeStorage(STORAGE_KEYS.pendingVotes);
  notify();
}

/** Keeps a vote made without network; it replaces an earlier pending vote on the same prediction. */
export function keepPendingVote(marketId: string, voteType: PendingVote['voteType']): void {
  outcomes.delete(marketId);
  writePending(withPendingVote(readPending(), { marketId, voteType, queuedAt: new Date().toISOString() }));
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', notify);
  };
}

/** The vote kept for this prediction, if any. */
export function usePendingVote(marketId: string): PendingVote | undefined {
  return useSyncExternalStore(
    subscribe,
    () => readPending().find((vote) => vote.marketId === marketId),
    () => undefined,
  );
}

/** Whether a vote kept for this prediction was sent, or refused, since the page was opened. */
export function usePendingOutcome(marketId: string): PendingOutcome | undefined {
  return useSyncExternalStore(
    subscribe,
    () => outcomes.get(marketId),
    () => undefined,
  );
}

type Send = (vote: PendingVote) => Promise<CastVoteResult>;
type Delivered = (result: CastVoteResult) => void;

let sending = false;

async function sendAll(send: Send, delivered: Delivered): Promise<void> {
  // Read again here: another tab may have sent some while this one waited for the lock.
  for (const vote of readPending()) {
    if (!navigator.onLine) return;
    try {
      const result = await send(vote);
      writePending(withoutPendingVote(readPending(), vote));
      outcomes.set(vote.marketId, { kind: 'sent' });
      delivered(result);
    } catch (error) {
      // Still no network: kept for the next try.
      if (isNetworkFailure(error)) return;
      // The server refused it (the prediction closed meanwhile, a change not allowed…): it never will accept it.
      writePending(withoutPendingVote(readPending(), vote));
      outcomes.set(vote.marketId, { kind: 'refused', error });
    }
    notify();
  }
}

/** Sends every kept vote, one at a time, once; stops at the first that still finds no network. */
async function sendPendingVotes(send: Send, delivered: Delivered): Promise<void> {
  if (sending || !navigator.onLine || readPending().length === 0) return;
  sending = true;
  try {
    if ('locks' in navigator) await navigator.locks.request('predi974-pending-votes', () => sendAll(send, delivered));
    else await sendAll(send, delivered);
  } finally {
    sending = false;
  }
}

/** While votes are kept and the device says it is online (a network too weak to answer), they are tried this often. */
const RETRY_MS = 15_000;

/**
 * Sends the kept votes when the connection returns: at the window's `online` event (a second later, as the
 * event can come before the network carries anything), at start, then every 15 s while some are kept.
 */
export function sendPendingVotesWhenOnline(send: Send, delivered: Delivered, sentElsewhere: () => void): void {
  if (typeof window === 'undefined') return;
  // Another tab sent (or dropped) a kept vote: this one reads the device's votes and the counts again.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.pendingVotes) return;
    const key = (vote: PendingVote) => `${vote.marketId} ${vote.queuedAt}`;
    const after = new Set(parsePendingVotes(event.newValue).map(key));
    if (parsePendingVotes(event.oldValue).some((vote) => !after.has(key(vote)))) sentElsewhere();
  });
  const trySend = () => void sendPendingVotes(send, delivered);
  window.addEventListener('online', () => window.setTimeout(trySend, 1_000));
  window.setInterval(trySend, RETRY_MS);
  window.setTimeout(trySend, 0);
}
