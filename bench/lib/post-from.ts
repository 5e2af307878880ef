import { request } from 'node:http';
import type { Answer } from './proof.js';

/**
 * `POST` with JSON from a chosen loopback source address (127.0.0.2…): the server then sees another
 * visitor's address, which fetch cannot choose.
 */
export function postFrom<T>(localAddress: string, url: string, body: unknown): Promise<Answer<T>> {
  const started = performance.now();
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          const ok = status >= 200 && status < 300;
          const retry = Number(response.headers['retry-after']);
          resolve({
            status,
            body: ok ? (parsed as T) : null,
            error: ok ? null : ((parsed as { error?: string } | null)?.error ?? text.slice(0, 200)),
            retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', (error) =>
      resolve({ status: 0, body: null, error: error.message, retryAfterSeconds: null, ms: performance.now() - started }),
    );
    req.end(payload);
  });
}
