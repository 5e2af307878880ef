import type { FastifyInstance } from 'fastify';
import type { StreamHub } from './stream-hub.js';

export function registerStreamRoutes(app: FastifyInstance, deps: { hub: StreamHub }): void {
  app.get('/api/stream', { config: { rateLimitGroup: 'stream' } }, async (request, reply) => {
    reply.hijack();
    const lastEventId = request.headers['last-event-id'];
    deps.hub.addClient(reply.raw, { catchUp: typeof lastEventId === 'string' && lastEventId.length > 0 });
  });
}
