import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';
import {
  candidateInputSchema,
  candidateParamsSchema,
  candidatePatchSchema,
  communeInputSchema,
  communePatchSchema,
  idParamsSchema,
  marketInputSchema,
  marketPatchSchema,
  newsItemInputSchema,
  newsItemPatchSchema,
  resolveMarketSchema,
  weatherAlertInputSchema,
  weatherAlertPatchSchema,
} from '../../shared/schemas.js';
import { HttpError, parseInput } from '../http/http-error.js';
import type { Services } from '../services.js';
import { readActivity } from './activity.js';
import { AdminService, bearerToken, tokenMatches } from './admin-service.js';

/**
 * The administration API under /api/admin, for the `npm run admin` command line or any HTTP client.
 *
 * - No ADMIN_TOKEN configured: every admin path answers 404 "Administration désactivée".
 * - Missing or wrong `Authorization: Bearer <token>`: 401 "Accès non autorisé" with `WWW-Authenticate: Bearer`.
 * - Otherwise the change is committed, then announced on the change bus (list cache and live stream).
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'config' | 'database' | 'batcher' | 'bus' | 'clock' | 'news' | 'figures'>,
): void {
  const admin = new AdminService(services);
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
  const route = { onRequest: guard };

  const audit = (request: FastifyRequest, action: string, id: string) => request.log.info({ admin: action, id }, 'admin change');

  // ---- predictions ----

  app.post('/api/admin/markets', route, async (request, reply) => {
    const market = await admin.createMarket(parseInput(marketInputSchema, request.body));
    audit(request, 'market.create', market.id);
    return reply.code(201).send(market);
  });

  app.patch('/api/admin/markets/:id', route, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const market = await admin.updateMarket(id, parseInput(marketPatchSchema, request.body));
    audit(request, 'market.update', id);
    return market;
  });

  app.post('/api/admin/markets/:id/resolve', route, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const { outcome } = parseInput(resolveMarketSchema, request.body);
    const market = await admin.resolveMarket(id, outcome);
    audit(request, 'market.resolve', id);
    return market;
  });

  app.delete('/api/admin/markets/:id', route, async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params);
    await admin.deleteMarket(id);
    audit(request, 'market.delete', id);
    return reply.code(204).send();
  });

  // ---- communes ----

  app.post('/api/admin/municipal', route, async (request, reply) => {
    const commune = await admin.createCommune(parseInput(communeInputSchema, request.body));
    audit(request, 'commune.create', commune.id);
    return reply.code(201).send(commune);
  });

  app.patch('/api/admin/municipal/:id', route, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const commune = await admin.updateCommune(id, parseInput(communePatchSchema, request.body));
    audit(request, 'commune.update', id);
    return commune;
  });

  app.delete('/api/admin/municipal/:id', route, async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params);
    await admin.deleteCommune(id);
    audit(request, 'commune.delete', id);
    return reply.code(204).send();
  });

  // ---- candidates ----

  app.post('/api/admin/municipal/:id/candidates', route, async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const candidate = await admin.addCandidate(id, parseInput(candidateInputSchema, request.body));
    audit(request, 'candidate.create', candidate.id);
    return reply.code(201).send(candidate);
  });

  app.patch('/api/admin/municipal/:id/candidates/:candidateId', route, async (request) => {
    const { id, candidateId } = parseInput(candidateParamsSchema, request.params);
    const { name } = parseInput(candidatePatchSchema, request.body);
    const candidate = await admin.renameCandidate(id, candidateId, name);
    audit(request, 'candidate.rename', candidateId);
    return candidate;
  });

  app.delete('/api/admin/municipal/:id/candidates/:candidateId', route, async (request, reply) => {
    const { id, candidateId } = parseInput(candidateParamsSchema, request.params);
    await admin.deleteCandidate(id, candidateId);
    audit(request, 'candidate.delete', candidateId);
    return reply.code(204).send();
  });

  // ---- reconciliation ----

  /** Counters compared with the vote rows they count: `{ ok, mismatches }`, read-only (also `npm run db:check`). */
  app.get('/api/admin/check', route, async () => {
    const mismatches = await admin.checkCounters();
    return { ok: mismatches.length === 0, mismatches };
  });

  // ---- live activity (the admin screen polls it) ----

  app.get('/api/admin/activity', route, async () =>
    readActivity({ database: services.database, figures: services.figures, now: services.clock() }),
  );

  // ---- news items and weather alerts (no live push: the page reads them at each visit) ----

  const { news } = services;

  app.post('/api/admin/news', route, async (request, reply) => {
    const item = await news.createNewsItem(parseInput(newsItemInputSchema, request.body));
    audit(request, 'news.create', item.id);
    return reply.code(201).send(item);
  });

  app.patch('/api/admin/news/:id', route, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const item = await news.updateNewsItem(id, parseInput(newsItemPatchSchema, request.body));
    audit(request, 'news.update', id);
    return item;
  });

  app.delete('/api/admin/news/:id', route, async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params);
    await news.deleteNewsItem(id);
    audit(request, 'news.delete', id);
    return reply.code(204).send();
  });

  app.get('/api/admin/alerts', route, async () => news.listAlerts());

  app.post('/api/admin/alerts', route, async (request, reply) => {
    const alert = await news.createAlert(parseInput(weatherAlertInputSchema, request.body));
    audit(request, 'alert.create', alert.id);
    return reply.code(201).send(alert);
  });

  app.patch('/api/admin/alerts/:id', route, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const alert = await news.updateAlert(id, parseInput(weatherAlertPatchSchema, request.body));
    audit(request, 'alert.update', id);
    return alert;
  });

  app.delete('/api/admin/alerts/:id', route, async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params);
    await news.deleteAlert(id);
    audit(request, 'alert.delete', id);
    return reply.code(204).send();
  });

  // Any other admin path or method: the same guard first, so nothing about the API is told to strangers.
  const unknown = async () => {
    throw new HttpError(404, MESSAGES.routeNotFound);
  };
  app.all('/api/admin', route, unknown);
  app.all('/api/admin/*', route, unknown);
}
