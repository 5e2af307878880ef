import { connect } from 'node:net';

export interface SocketExchange {
  /** Everything the server wrote before closing (or before the wait ended). */
  received: string;
  /** Whether the server closed the connection within the wait. */
  closed: boolean;
  /** Milliseconds from sending to the close (or to the end of the wait). */
  ms: number;
}

/**
 * Writes raw bytes on a new TCP connection and collects the answer until the server closes it or `waitMs`
 * passes: for requests no HTTP client library would send (no Host, bad syntax, huge headers).
 */
export function exchange(url: string, bytes: string | Buffer, waitMs = 5_000): Promise<SocketExchange> {
  const { port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let started = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      done({ received, closed, ms: Date.now() - started });
    };
    socket.once('connect', () => {
      started = Date.now();
      socket.write(bytes);
      timer = setTimeout(() => finish(false), waitMs);
    });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.once('close', () => (started === 0 ? fail(new Error('could not connect')) : finish(true)));
    socket.on('error', () => {});
  });
}

/** The status code, headers (lower-case names) and body of a raw HTTP/1.1 answer. */
export function parseAnswer(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: split >= 0 ? raw.slice(split + 4) : '' };
}
