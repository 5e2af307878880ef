import { useSyncExternalStore } from 'react';
import {
  parsePendingVotes,
  pendingVoteKey,
  withoutPendingVote,
  withPendingVote,
  type PendingCommuneVote,
  type PendingMarketVote,
  type PendingVote,
} from '../../shared/pending-votes.js';
import { isNetworkFailure } from './api-client.js';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage.js';

/**
 * Votes made without network (docs/decisions/038), on a prediction or in a commune: kept in local storage, so a
 * reload or a closed tab loses none, and sent once the connection returns, each once. One list, one sending loop
 * and one lock for both kinds. Two tabs never send the same one: the sending holds a Web Lock and reads the list
 * again inside it, and a vote leaves the list as soon as the server has counted it.
 */

/** What became of a pending vote, for the screen that shows it, until the page is left. */
export type PendingOutcome = { kind: 'sent' } | { kind: 'refused'; error: unknown };

const listeners = new Set<() => void>();
const outcomes = new Map<string, PendingOutcome>();
const NONE: readonly PendingVote[] = [];
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

type NewPendingVote = Omit<PendingMarketVote, 'queuedAt'> | Omit<PendingCommuneVote, 'queuedAt'>;

/** Keeps a vote made without network; it replaces an earlier pending vote on the same prediction or commune. */
export function keepPendingVote(vote: NewPendingVote): void {
  outcomes.delete(pendingVoteKey(vote));
  writePending(withPendingVote(readPending(), { ...vote, queuedAt: new Date().toISOString() }));
}

/**
 * Sends a vote now; without network, or when the request never reached the server, keeps it to be sent once the
 * connection returns and answers null. Any answer of the server is final (thrown as it came).
 */
export async function sendOrKeep<T>(send: () => Promise<T>, vote: NewPendingVote): Promise<T | null> {
  try {
    return await send();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    keepPendingVote(vote);
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', notify);
  };
}

function usePendingByKey(key: string): PendingVote | undefined {
  return useSyncExternalStore(
    subscribe,
    () => readPending().find((vote) => pendingVoteKey(vote) === key),
    () => undefined,
  );
}

/** The vote kept for this prediction, if any. */
export function usePendingMarketVote(marketId: string): PendingMarketVote | undefined {
  const vote = usePendingByKey(pendingVoteKey({ kind: 'market', marketId }));
  return vote?.kind === 'market' ? vote : undefined;
}

/** The vote kept for this commune, if any. */
export function usePendingCommuneVote(communeId: string): PendingCommuneVote | undefined {
  const vote = usePendingByKey(pendingVoteKey({ kind: 'commune', communeId }));
  return vote?.kind === 'commune' ? vote : undefined;
}

/** Every vote kept on this device, both kinds, in the order they were made. */
export function usePendingVotes(): readonly PendingVote[] {
  return useSyncExternalStore(subscribe, readPending, () => NONE);
}

/** Whether a vote kept for this prediction or commune (`pendingVoteKey`) was sent, or refused, since the page was opened. */
export function usePendingOutcome(key: string): PendingOutcome | undefined {
  return useSyncExternalStore(
    subscribe,
    () => outcomes.get(key),
    () => undefined,
  );
}

/** How each kind is sent; each also puts the server's answer in the cache. */
export interface PendingSenders {
  market: (vote: PendingMarketVote) => Promise<unknown>;
  commune: (vote: PendingCommuneVote) => Promise<unknown>;
}

function sendOne(senders: PendingSenders, vote: PendingVote): Promise<unknown> {
  return vote.kind === 'market' ? senders.market(vote) : senders.commune(vote);
}

let sending = false;

async function sendAll(senders: PendingSenders, refresh: () => void): Promise<void> {
  // Read again here: another tab may have sent some while this one waited for the lock.
  for (const vote of readPending()) {
    if (!navigator.onLine) return;
    const key = pendingVoteKey(vote);
    try {
      await sendOne(senders, vote);
      writePending(withoutPendingVote(readPending(), vote));
      outcomes.set(key, { kind: 'sent' });
    } catch (error) {
      // Still no network: kept for the next try.
      if (isNetworkFailure(error)) return;
      // The server refused it (the prediction closed meanwhile, already voted in the commune…): it never will accept it.
      writePending(withoutPendingVote(readPending(), vote));
      outcomes.set(key, { kind: 'refused', error });
      refresh();
    }
    notify();
  }
}

/** Sends every kept vote, one at a time, once; stops at the first that still finds no network. */
async function sendPendingVotes(senders: PendingSenders, refresh: () => void): Promise<void> {
  if (sending || !navigator.onLine || readPending().length === 0) return;
  sending = true;
  try {
    if ('locks' in navigator) await navigator.locks.request('predi974-pending-votes', () => sendAll(senders, refresh));
    else await sendAll(senders, refresh);
  } finally {
    sending = false;
  }
}

/** While votes are kept and the device says it is online (a network too weak to answer), they are tried this often. */
const RETRY_MS = 15_000;

/**
 * Sends the kept votes when the connection returns: at the window's `online` event (a second later, as the
 * event can come before the network carries anything), at start, then every 15 s while some are kept.
 * `refresh` reads the device's votes and the counts again: after a refusal, or when another tab sent one.
 */
export function sendPendingVotesWhenOnline(senders: PendingSenders, refresh: () => void): void {
  if (typeof window === 'undefined') return;
  // Another tab sent (or dropped) a kept vote: this one reads the device's votes and the counts again.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.pendingVotes) return;
    const key = (vote: PendingVote) => `${pendingVoteKey(vote)} ${vote.queuedAt}`;
    const after = new Set(parsePendingVotes(event.newValue).map(key));
    if (parsePendingVotes(event.oldValue).some((vote) => !after.has(key(vote)))) refresh();
  });
  const trySend = () => void sendPendingVotes(senders, refresh);
  window.addEventListener('online', () => window.setTimeout(trySend, 1_000));
  window.setInterval(trySend, RETRY_MS);
  window.setTimeout(trySend, 0);
}
