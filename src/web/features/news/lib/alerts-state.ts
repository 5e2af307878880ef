import { pathOf } from '../../../../shared/api/caller.js';
import { useEffect } from 'react';
import { currentAlerts, type WeatherAlert } from '../../../../shared/news.js';
import { lastReading, useOfflineState } from '../../../lib/connection.js';
import { useNews } from '../api/get-news.js';

/**
 * What can honestly be said about the weather alerts at `now`:
 * - `live`: the server itself answered just now; `alerts` are those in force (none means none).
 * - `unavailable`: no network, the request failed, or the worker answered from its copy. `alerts` are those the
 *   last reading knew of that still run; `lastReadAt` is when the server produced that reading (null: never
 *   read on this device). Never an all-clear: an alert may have been issued since.
 * - `loading`: the first read is on its way.
 */
export type AlertsState =
  | { status: 'loading'; alerts: readonly WeatherAlert[]; lastReadAt: null }
  | { status: 'live'; alerts: readonly WeatherAlert[]; lastReadAt: number }
  | { status: 'unavailable'; alerts: readonly WeatherAlert[]; lastReadAt: number | null };

export const NEWS_PATH = pathOf('getNews');

export function useAlertsState(now: Date): AlertsState {
  const news = useNews();
  // Renders again when the device goes offline or comes back.
  useOfflineState();
  const { isError, refetch } = news;
  // Back online, a failed read is tried again (the lists taken from the worker's copy are read again by the query client).
  useEffect(() => {
    if (!isError) return;
    let timer: number | undefined;
    const retry = () => (timer = window.setTimeout(() => void refetch(), 1_000));
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
      window.clearTimeout(timer);
    };
  }, [isError, refetch]);
  const alerts = currentAlerts(news.data?.alerts ?? [], now);
  const reading = news.data ? lastReading(NEWS_PATH) : undefined;
  if (news.isPending) return { status: 'loading', alerts, lastReadAt: null };
  const deviceOffline = typeof navigator !== 'undefined' && !navigator.onLine;
  if (!news.isError && reading && !reading.fromCopy && !deviceOffline) return { status: 'live', alerts, lastReadAt: reading.at };
  return { status: 'unavailable', alerts, lastReadAt: reading?.at ?? null };
}
