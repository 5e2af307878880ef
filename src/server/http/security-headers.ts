import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's settings for every answer: a Content-Security-Policy of this site's own files only. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // The proof-of-work worker and the service worker (/sw.js), both files of this site.
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // HSTS only makes sense over TLS; it is added per request when the request came through HTTPS.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers Helmet sets with these options, computed once. They are the same on every answer (no nonce),
 * and @fastify/helmet rebuilt the whole middleware, CSP parsing included, on each request: about a tenth of
 * the server's CPU on `GET /api/markets`.
 */
export function computeSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  // Helmet throws on a bad option (it no longer passes errors to `next`), which stops the server at start.
  helmet(options)({} as never, collector as never, () => {});
  return Object.freeze(headers);
}

/** Sets the security headers on every answer, errors and 404s included. */
export function registerSecurityHeaders(app: FastifyInstance, headers = computeSecurityHeaders()): void {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    if (request.protocol === 'https') reply.raw.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    done();
  });
}
