import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newsEndpoints } from '../../shared/api/news.js';
import { declared } from '../http/contract.js';
import type { NewsService } from './news-service.js';

export function registerNewsRoutes(app: FastifyInstance, deps: { news: NewsService }): void {
  // Read on every visit of the page: an operator's new alert shows at the next load, never from a stale cache.
  app.withTypeProvider<ZodTypeProvider>().route({
    ...declared(newsEndpoints.getNews),
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return deps.news.feed();
    },
  });
}
