import type { FastifyInstance } from 'fastify';
import { opsEndpoints } from '../../shared/api/ops.js';
import { declared } from '../http/contract.js';
import { STREAM_HEADERS, type StreamHub } from './stream-hub.js';

export function registerStreamRoutes(app: FastifyInstance, deps: { hub: StreamHub }): void {
  app.route({
    ...declared(opsEndpoints.stream),
    config: { rateLimitGroup: 'stream' },
    handler: async (request, reply) => {
      // HEAD (Fastify routes it here too) has no body to stream: the headers alone, and the answer ends.
      if (request.method === 'HEAD') {
        const { Connection: _connection, ...headers } = STREAM_HEADERS;
        return reply.code(200).headers(headers).send();
      }
      reply.hijack();
      const lastEventId = request.headers['last-event-id'];
      deps.hub.addClient(reply.raw, { catchUp: typeof lastEventId === 'string' && lastEventId.length > 0 });
    },
  });
}
