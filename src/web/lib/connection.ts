import { useSyncExternalStore } from 'react';
import { OFFLINE_COPY_HEADER } from '../service-worker/cache-rules.js';

/**
 * Whether the data on screen may be out of date, and from when: the device says it is offline, or the
 * service worker answered a list from its last copy because the network did not (a weak network).
 * Each public list read records when the server produced it (the answer's Date header, which the copy keeps).
 */
interface Reading {
  at: number;
  fromCopy: boolean;
}

export interface OfflineState {
  offline: boolean;
  /** When the oldest data on screen was produced by the server; null when nothing was read yet. */
  since: number | null;
}

const readings = new Map<string, Reading>();
const listeners = new Set<() => void>();
let state: OfflineState = { offline: false, since: null };

function deviceOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function update(): void {
  const all = [...readings.values()];
  const copies = all.filter((reading) => reading.fromCopy);
  const offline = deviceOffline() || copies.length > 0;
  const shown = copies.length > 0 ? copies : all;
  const since = shown.length > 0 ? Math.min(...shown.map((reading) => reading.at)) : null;
  if (offline === state.offline && since === state.since) return;
  state = { offline, since };
  for (const listener of listeners) listener();
}

/** Records an answer of the API (called by the API client for every successful read). */
export function noteAnswer(path: string, response: Response): void {
  const date = Date.parse(response.headers.get('date') ?? '');
  const fromCopy = response.headers.has(OFFLINE_COPY_HEADER);
  // An answer from the server itself: the network is back, so what came from the copy is being read again.
  if (!fromCopy) for (const [key, reading] of readings) if (reading.fromCopy) readings.delete(key);
  readings.set(path, { at: Number.isNaN(date) ? Date.now() : date, fromCopy });
  update();
}

/** The last successful read of one list: when the server produced it, and whether the worker's copy answered. */
export function lastReading(path: string): Readonly<Reading> | undefined {
  return readings.get(path);
}

/** Whether some data on screen came from the worker's copy. */
export function hasOfflineCopies(): boolean {
  return [...readings.values()].some((reading) => reading.fromCopy);
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
  }
  listeners.add(listener);
  update();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    }
  };
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** Whether the device is offline or its lists come from the worker's copy: renders again only when that changes. */
export function useIsOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.offline,
    () => false,
  );
}
