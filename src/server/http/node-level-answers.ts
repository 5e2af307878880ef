import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';
import { HttpError } from './http-error.js';

/** Seconds a client is told to wait when this instance is shutting down (a restart, or another instance). */
export const CLOSING_RETRY_AFTER_SECONDS = 5;

function jsonError(message: string): string {
  return JSON.stringify({ error: message });
}

/**
 * Requests Node refuses before any route sees them (malformed HTTP, oversized headers, too slow): the
 * same `{ error }` French answer as everything else, written straight on the socket. Nothing is written
 * when the socket is gone or an answer is already under way on it (a second one would corrupt it).
 */
export function frenchClientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MESSAGES.requestTimeout]
        : [400, 'Bad Request', MESSAGES.invalidRequest];
  const answering = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = jsonError(message);
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The answers Node or Fastify would otherwise shape themselves, in English or with an empty body:
 * - during shutdown, a French 503 with Retry-After (Fastify's own is English and has none);
 * - an HTTP/1.1 request without Host (Node answers an empty 400 unless `requireHostHeader` is off);
 * - an `Expect` other than 100-continue (Node answers an empty 417).
 * Register after the security headers, so these answers carry them.
 */
export function registerNodeLevelAnswers(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (closing) {
      return done(new HttpError(503, MESSAGES.serviceUnavailable, { 'Retry-After': String(CLOSING_RETRY_AFTER_SECONDS) }));
    }
    if (request.raw.httpVersion === '1.1' && !request.headers.host) return done(new HttpError(400, MESSAGES.hostMissing));
    done();
  });
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = jsonError(MESSAGES.expectationFailed);
    response.writeHead(417, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
    });
    response.end(body);
  });
}
