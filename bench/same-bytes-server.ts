/**
 * The honest ceiling for `GET /api/markets`: a bare `node:http` server that answers every request with the
 * exact status, headers and body the real server sent for the same `Accept-Encoding` (captured once from it
 * at start, a 304 to the `If-None-Match` of its ETag too), doing nothing else. What the real server does beyond writing those bytes (routing, hooks,
 * security headers, encoding negotiation, the snapshot lookup) is the gap between the two.
 *
 * Env: PORT, SOURCE (the real server's `/api/markets` URL).
 */
import { createServer, get } from 'node:http';

interface Capture {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

const port = Number(process.env.PORT ?? 0);
const source = process.env.SOURCE;
if (!source) throw new Error('SOURCE is required');

/** Headers Node writes itself on every answer. */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The answer as sent on the wire (still encoded), without the headers Node adds to every answer. */
function capture(acceptEncoding: string, ifNoneMatch?: string): Promise<Capture> {
  const headers: Record<string, string> = { 'accept-encoding': acceptEncoding };
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  return new Promise((resolve, reject) => {
    const request = get(source as string, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i] ?? '';
          if (!NODE_OWN.has(name.toLowerCase())) headers.push([name, response.rawHeaders[i + 1] ?? '']);
        }
        resolve({ status: response.statusCode ?? 200, headers, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const identity = await capture('identity');
const brotli = await capture('gzip, deflate, br');
const gzip = await capture('gzip');
const etag = identity.headers.find(([name]) => name.toLowerCase() === 'etag')?.[1];
const notModified = etag ? await capture('gzip, deflate, br', etag) : null;

const server = createServer((request, response) => {
  const accepted = request.headers['accept-encoding'] ?? '';
  const revalidated = notModified && request.headers['if-none-match'] === etag;
  const chosen = revalidated ? notModified : accepted.includes('br') ? brotli : accepted.includes('gzip') ? gzip : identity;
  response.writeHead(chosen.status, chosen.headers);
  response.end(chosen.body);
});
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
