import { pathOf } from '../../shared/api/caller.js';
import { STREAM_EVENT_NAMES, type StreamEventMap, type StreamEventName } from '../../shared/events.js';

type Handler<K extends StreamEventName> = (data: StreamEventMap[K]) => void;

const handlers: { [K in StreamEventName]: Set<Handler<K>> } = { market: new Set(), municipal: new Set() };
const reconnectHandlers = new Set<() => void>();
let source: EventSource | null = null;
let subscribers = 0;
let lostConnection = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 60_000;
let retryDelay = FIRST_RETRY_MS;

function connect(): void {
  if (source || retryTimer || typeof EventSource === 'undefined') return;
  const stream = new EventSource(pathOf('stream'));
  source = stream;
  stream.addEventListener('error', () => {
    lostConnection = true;
    // The browser retries a dropped connection by itself, but gives up for good when the server refuses it
    // (429 when too many streams share an address, 502 during a deploy): start again later, less and less often.
    if (stream.readyState !== EventSource.CLOSED) return;
    stream.close();
    source = null;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (subscribers > 0) connect();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, LONGEST_RETRY_MS);
  });
  // After a dropped connection some updates may have been missed: callers refetch.
  stream.addEventListener('open', () => {
    retryDelay = FIRST_RETRY_MS;
    if (!lostConnection) return;
    lostConnection = false;
    for (const handler of reconnectHandlers) handler();
  });
  for (const name of STREAM_EVENT_NAMES) {
    stream.addEventListener(name, (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      for (const handler of handlers[name]) (handler as (value: unknown) => void)(data);
    });
  }
}

function release(): void {
  subscribers -= 1;
  if (subscribers > 0) return;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
}

/**
 * Subscribes to one event of the shared `/api/stream` connection; the connection opens with the
 * first subscriber and closes with the last. Returns the unsubscribe function.
 */
export function subscribeToStream<K extends StreamEventName>(name: K, handler: Handler<K>): () => void {
  (handlers[name] as Set<Handler<K>>).add(handler);
  subscribers += 1;
  connect();
  return () => {
    (handlers[name] as Set<Handler<K>>).delete(handler);
    release();
  };
}

/** Called when the stream comes back after an interruption. */
export function onStreamReconnect(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  subscribers += 1;
  connect();
  return () => {
    reconnectHandlers.delete(handler);
    release();
  };
}
