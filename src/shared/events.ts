import type { Market } from './market.js';
import type { Commune } from './municipal.js';

/** The typed map of Server-Sent Events on /api/stream, shared by the hub and the browser. */
export interface StreamEventMap {
  market: Market;
  municipal: Commune;
}

export type StreamEventName = keyof StreamEventMap;
export const STREAM_EVENT_NAMES: readonly StreamEventName[] = ['market', 'municipal'];
