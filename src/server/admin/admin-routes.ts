import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminEndpoints as endpoints } from '../../shared/api/admin.js';
import { MESSAGES } from '../../shared/messages.js';
import { declared } from '../http/contract.js';
import { HttpError } from '../http/http-error.js';
import type { Services } from '../services.js';
import { readActivity } from './activity.js';
import { bearerToken, tokenMatches } from './admin-service.js';

/**
 * The administration API under /api/admin, for the `npm run admin` command line or any HTTP client.
 *
 * - No ADMIN_TOKEN configured: every admin path answers 404 "Administration désactivée".
 * - Missing or wrong `Authorization: Bearer <token>`: 401 "Accès non autorisé" with `WWW-Authenticate: Bearer`.
 * - Otherwise the change is committed, then announced on the change bus (list cache and live stream).
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'config' | 'database' | 'clock' | 'news' | 'figures' | 'bursts' | 'admin'>,
): void {
  const { admin } = services;
  const expected = services.config.adminToken;

  const guard = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('Cache-Control', 'no-store');
    if (expected === null) throw new HttpError(404, MESSAGES.adminDisabled);
    const presented = bearerToken(request.headers.authorization);
    // The comparison runs even without a token, so a missing header costs the same as a wrong one.
    const ok = tokenMatches(presented ?? '', expected);
    if (presented === null || !ok) {
      throw new HttpError(401, MESSAGES.unauthorized, { 'WWW-Authenticate': 'Bearer realm="admin"' });
    }
  };
  /**
   * Attempts without the right token count against the address's admin limit (429 past it), so a token cannot
   * be guessed at speed; calls with the right token are never counted, so the admin screen's polling is free.
   */
  const protectedRoute = {
    onRequest: guard,
    config: {
      rateLimitGroup: 'admin',
      rateLimitExempt: (request: FastifyRequest) => {
        const presented = bearerToken(request.headers.authorization);
        return expected !== null && presented !== null && tokenMatches(presented, expected);
      },
    },
  } as const;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const audit = (request: FastifyRequest, action: string, id: string) => request.log.info({ admin: action, id }, 'admin change');

  // ---- predictions ----

  api.route({
    ...declared(endpoints.createMarket),
    ...protectedRoute,
    handler: async (request, reply) => {
      const market = await admin.createMarket(request.body);
      audit(request, 'market.create', market.id);
      return reply.code(201).send(market);
    },
  });

  api.route({
    ...declared(endpoints.updateMarket),
    ...protectedRoute,
    handler: async (request) => {
      const { id } = request.params;
      const market = await admin.updateMarket(id, request.body);
      audit(request, 'market.update', id);
      return market;
    },
  });

  api.route({
    ...declared(endpoints.resolveMarket),
    ...protectedRoute,
    handler: async (request) => {
      const { id } = request.params;
      const { outcome } = request.body;
      const market = await admin.resolveMarket(id, outcome);
      audit(request, 'market.resolve', id);
      return market;
    },
  });

  api.route({
    ...declared(endpoints.deleteMarket),
    ...protectedRoute,
    handler: async (request, reply) => {
      const { id } = request.params;
      await admin.deleteMarket(id);
      audit(request, 'market.delete', id);
      return reply.code(204).send(null);
    },
  });

  // ---- communes ----

  api.route({
    ...declared(endpoints.createCommune),
    ...protectedRoute,
    handler: async (request, reply) => {
      const commune = await admin.createCommune(request.body);
      audit(request, 'commune.create', commune.id);
      return reply.code(201).send(commune);
    },
  });

  api.route({
    ...declared(endpoints.updateCommune),
    ...protectedRoute,
    handler: async (request) => {
      const { id } = request.params;
      const commune = await admin.updateCommune(id, request.body);
      audit(request, 'commune.update', id);
      return commune;
    },
  });

  api.route({
    ...declared(endpoints.deleteCommune),
    ...protectedRoute,
    handler: async (request, reply) => {
      const { id } = request.params;
      await admin.deleteCommune(id);
      audit(request, 'commune.delete', id);
      return reply.code(204).send(null);
    },
  });

  // ---- candidates ----

  api.route({
    ...declared(endpoints.addCandidate),
    ...protectedRoute,
    handler: async (request, reply) => {
      const { id } = request.params;
      const candidate = await admin.addCandidate(id, request.body);
      audit(request, 'candidate.create', candidate.id);
      return reply.code(201).send(candidate);
    },
  });

  api.route({
    ...declared(endpoints.renameCandidate),
    ...protectedRoute,
    handler: async (request) => {
      const { id, candidateId } = request.params;
      const { name } = request.body;
      const candidate = await admin.renameCandidate(id, candidateId, name);
      audit(request, 'candidate.rename', candidateId);
      return candidate;
    },
  });

  api.route({
    ...declared(endpoints.deleteCandidate),
    ...protectedRoute,
    handler: async (request, reply) => {
      const { id, candidateId } = request.params;
      await admin.deleteCandidate(id, candidateId);
      audit(request, 'candidate.delete', candidateId);
      return reply.code(204).send(null);
    },
  });

  // ---- reconciliation ----

  /** Counters compared with the vote rows they count: `{ ok, mismatches }`, read-only (also `npm run db:check`). */
  api.route({
    ...declared(endpoints.checkCounters),
    ...protectedRoute,
    handler: async () => {
      const mismatches = await admin.checkCounters();
      return { ok: mismatches.length === 0, mismatches };
    },
  });

  // ---- live activity (the admin screen polls it) ----

  api.route({
    ...declared(endpoints.getActivity),
    ...protectedRoute,
    handler: async (request) =>
      readActivity({
        database: services.database,
        figures: services.figures,
        now: services.clock(),
        page: Number(request.query.page ?? '1'),
      }),
  });

  // ---- bursts of votes (docs/decisions/040-burst-detection.md) ----

  const { bursts } = services;

  api.route({ ...declared(endpoints.listBursts), onRequest: guard, handler: async () => bursts.list() });

  api.route({
    ...declared(endpoints.excludeBurst),
    onRequest: guard,
    handler: async (request) => {
      const { id } = request.params;
      const burst = await bursts.exclude(id);
      audit(request, 'burst.exclude', id);
      return burst;
    },
  });

  api.route({
    ...declared(endpoints.includeBurst),
    onRequest: guard,
    handler: async (request) => {
      const { id } = request.params;
      const burst = await bursts.include(id);
      audit(request, 'burst.include', id);
      return burst;
    },
  });

  // ---- news items and weather alerts (no live push: the page reads them at each visit) ----

  const { news } = services;

  api.route({
    ...declared(endpoints.createNewsItem),
    ...protectedRoute,
    handler: async (request, reply) => {
      const item = await news.createNewsItem(request.body);
      audit(request, 'news.create', item.id);
      return reply.code(201).send(item);
    },
  });

  api.route({
    ...declared(endpoints.updateNewsItem),
    ...protectedRoute,
    handler: async (request) => {
      const { id } = request.params;
      const item = await news.updateNewsItem(id, request.body);
      audit(request, 'news.update', id);
      return item;
    },
  });

  api.route({
    ...declared(endpoints.deleteNewsItem),
    ...protectedRoute,
    handler: async (request, reply) => {
      const { id } = request.params;
      await news.deleteNewsItem(id);
      audit(request, 'news.delete', id);
      return reply.code(204).send(null);
    },
  });

  api.route({ ...declared(endpoints.listAlerts), ...protectedRoute, handler: async () => news.listAlerts() });

  api.route({
    ...declared(endpoints.createAlert),
    ...protectedRoute,
    handler: async (request, reply) => {
      const alert = await news.createAlert(request.body);
      audit(request, 'alert.create', alert.id);
      return reply.code(201).send(alert);
    },
  });

  api.route({
    ...declared(endpoints.updateAlert),
    ...protectedRoute,
    handler: async (request) => {
      const { id } = request.params;
      const alert = await news.updateAlert(id, request.body);
      audit(request, 'alert.update', id);
      return alert;
    },
  });

  api.route({
    ...declared(endpoints.deleteAlert),
    ...protectedRoute,
    handler: async (request, reply) => {
      const { id } = request.params;
      await news.deleteAlert(id);
      audit(request, 'alert.delete', id);
      return reply.code(204).send(null);
    },
  });

  // Any other admin path or method: the same guard first, so nothing about the API is told to strangers.
  const unknown = async () => {
    throw new HttpError(404, MESSAGES.routeNotFound);
  };
  const hidden = { schema: { hide: true }, ...protectedRoute };
  app.all('/api/admin', hidden, unknown);
  app.all('/api/admin/*', hidden, unknown);
}
