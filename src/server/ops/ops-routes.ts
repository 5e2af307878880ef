import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../shared/messages.js';
import { bearerToken, tokenMatches } from '../admin/admin-service.js';
import { opsEndpoints } from '../../shared/api/ops.js';
import { ROUTES } from '../../shared/api/routes.js';
import { siteEndpoints } from '../../shared/api/site.js';
import { declared } from '../http/contract.js';
import { HttpError } from '../http/http-error.js';
import '../http/route-config.js';
import type { Services } from '../services.js';
import type { Metrics } from './metrics.js';

/** Seconds a load balancer (or a client) is told to wait before asking an unready instance again. */
const NOT_READY_RETRY_AFTER_SECONDS = '5';

/**
 * Probes for the load balancer and the orchestrator, and the Prometheus scrape:
 * - `GET /api/health/live`: the process answers (restart it if not); touches nothing else.
 * - `GET /api/health/ready`: it can serve votes now (send it traffic if so); 503 `{ error }` otherwise.
 * - `GET /metrics`: only with METRICS_TOKEN set (404 otherwise, like any unknown path), Bearer token.
 * And `GET /api/site`, the deployment's publisher and host (SITE_* variables).
 */
export function registerOpsRoutes(app: FastifyInstance, services: Pick<Services, 'config' | 'metrics' | 'readiness'>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...declared(opsEndpoints.live),
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { ok: true } as const;
    },
  });

  api.route({
    ...declared(opsEndpoints.ready),
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const readiness = await services.readiness.check();
      if (!readiness.ready) {
        throw new HttpError(503, readiness.error, { 'Retry-After': NOT_READY_RETRY_AFTER_SECONDS, 'Cache-Control': 'no-store' });
      }
      return { ok: true } as const;
    },
  });

  // The operator's publisher and host, for the legal pages; they change only with a restart.
  const site = { ...services.config.site.facts, demoValues: services.config.site.demoValues };
  api.route({
    ...declared(siteEndpoints.getSite),
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return site;
    },
  });

  const { metrics } = services;
  const expected = services.config.metricsToken;
  if (metrics === null || expected === null) return;
  app.route({
    ...declared(opsEndpoints.metrics),
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const presented = bearerToken(request.headers.authorization);
      // Compared even when absent, so a missing header costs the same as a wrong one.
      if (!tokenMatches(presented ?? '', expected) || presented === null) {
        throw new HttpError(401, MESSAGES.unauthorized, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
      }
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  });
}

/**
 * Counts every answered vote (POST on a route of the `vote` group) as accepted or refused, with the reason
 * taken from the error that refused it; refusals before the handler (rate limit, origin, media type) too.
 */
export function countVotes(app: FastifyInstance, metrics: Metrics): void {
  const errors = new WeakMap<FastifyRequest, unknown>();
  app.addHook('onError', async (request, _reply, error) => {
    errors.set(request, error);
  });
  // On send rather than on response: counted before the client can read the answer, so a scrape that
  // follows an answered vote always includes it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'POST' && request.routeOptions.config.rateLimitGroup === 'vote') {
      const kind = request.routeOptions.url === ROUTES.castVote.url ? 'market' : 'municipal';
      metrics.voteAnswered(kind, reply.statusCode, errors.get(request));
    }
    done(null, payload);
  });
}
