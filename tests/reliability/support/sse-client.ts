import { request, type ClientRequest, type IncomingMessage } from 'node:http';

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseClient {
  status: Promise<number>;
  events: SseEvent[];
  lastEventId: string | null;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A minimal EventSource: records every event and the last id, as a browser would send it back. */
export function openStream(url: string, headers: Record<string, string> = {}): SseClient {
  let req: ClientRequest;
  let resolveEnded: () => void = () => {};
  const ended = new Promise<void>((done) => (resolveEnded = done));
  const client: SseClient = {
    status: Promise.resolve(0),
    events: [],
    lastEventId: null,
    ended,
    close: () => req.destroy(),
  };
  client.status = new Promise<number>((done, fail) => {
    req = request(`${url}/api/stream`, { headers: { Accept: 'text/event-stream', ...headers } }, (res: IncomingMessage) => {
      done(res.statusCode ?? 0);
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event: SseEvent = { id: null, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data += line.slice(6);
              hasData = true;
            }
          }
          if (event.id !== null) client.lastEventId = event.id;
          if (hasData) client.events.push(event);
        }
      });
      res.on('end', resolveEnded);
      res.on('close', resolveEnded);
      res.on('error', resolveEnded);
    });
    req.on('error', (error) => {
      resolveEnded();
      fail(error);
    });
    req.end();
  });
  client.status.catch(() => {});
  return client;
}
