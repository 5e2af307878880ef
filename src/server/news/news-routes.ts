import type { FastifyInstance } from 'fastify';
import type { NewsService } from './news-service.js';

export function registerNewsRoutes(app: FastifyInstance, deps: { news: NewsService }): void {
  // Read on every visit of the page: an operator's new alert shows at the next load, never from a stale cache.
  app.get('/api/news', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return deps.news.feed();
  });
}
