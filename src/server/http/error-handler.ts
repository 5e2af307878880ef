import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';
import { ResponseOutOfContractError } from './contract.js';
import { HttpError } from './http-error.js';

const SQLITE_UNAVAILABLE = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
]);
const NETWORK_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

/** A table the server reads is missing: the database was recreated empty, or its migrations never applied. */
export function isTableMissing(error: unknown): boolean {
  const { code, message } = codeAndMessage(error);
  if (code === '42P01' || code === '3F000') return true;
  return code.startsWith('SQLITE_ERROR') && /^no such table: /.test(message);
}

function codeAndMessage(error: unknown): { code: string; message: string } {
  if (!error || typeof error !== 'object') return { code: '', message: '' };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : '', message: typeof message === 'string' ? message : '' };
}

/**
 * The database dropped, refusing connections, or recreated empty (its tables gone): nothing this instance can
 * fix, but nothing the client did wrong either. A 503 tells it to come back, and readiness (ops/readiness.ts)
 * takes the instance out of the load balancer meanwhile. PostgreSQL: 3D000 no such database, 55000 database
 * not accepting connections (ALTER DATABASE … ALLOW_CONNECTIONS false), plus the missing tables above.
 */
function isDatabaseGone(error: unknown): boolean {
  const { code } = codeAndMessage(error);
  return code === '3D000' || code === '55000' || isTableMissing(error);
}

/** Errors meaning "the database cannot answer right now": the client may retry, nothing was acknowledged. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code: rawCode, message: rawMessage } = error as { code?: unknown; message?: unknown };
  const code = typeof rawCode === 'string' ? rawCode : '';
  const message = typeof rawMessage === 'string' ? rawMessage : '';
  if (SQLITE_UNAVAILABLE.has(code) || code.startsWith('SQLITE_IOERR')) return true;
  if (NETWORK_UNAVAILABLE.has(code)) return true;
  // PostgreSQL: connection exceptions (08), insufficient resources (53), operator intervention (57, incl.
  // statement_timeout), serialization (40), and lock_timeout (55P03: a row lock held elsewhere for too long).
  if (/^(08|53|57|40)[0-9A-Z]{3}$/.test(code) || code === '55P03') return true;
  if (isDatabaseGone(error)) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|database connection closed/i.test(
    message,
  );
}

function clientErrorText(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return error.statusCode === 415 ? MESSAGES.unsupportedMediaType : MESSAGES.invalidRequest;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.invalidJson;
    default:
      if (error instanceof SyntaxError) return MESSAGES.invalidJson;
      if (error.statusCode === 429) return MESSAGES.tooManyRequests;
      if (error.statusCode === 413) return MESSAGES.bodyTooLarge;
      if (error.statusCode === 415) return MESSAGES.unsupportedMediaType;
      return MESSAGES.invalidRequest;
  }
}

/** Every failure leaves as `{ error: "<French text>" }`; never a stack, never an HTML page. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.getHeader('retry-after')) reply.header('Retry-After', '60');
      return reply.code(status).send({ error: clientErrorText(error) });
    }
    if (error instanceof ResponseOutOfContractError) {
      // Only with response checking on (tests): the answer the route built is not what it declares.
      request.log.error({ route: error.route, issues: error.issues }, 'response out of contract');
      return reply.code(500).send({ error: MESSAGES.responseOutOfContract });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: (error as { code?: string }).code }, 'database unavailable');
      return reply.code(503).header('Retry-After', '2').send({ error: MESSAGES.serviceUnavailable });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: MESSAGES.genericError });
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: MESSAGES.routeNotFound }));
}
