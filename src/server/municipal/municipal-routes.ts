import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { municipalEndpoints } from '../../shared/api/municipal.js';
import { declared } from '../http/contract.js';
import type { VoteSignals } from '../bursts/vote-signals.js';
import { castProtectedVote } from '../protection/protected-request.js';
import type { VoteProtection } from '../protection/vote-protection.js';
import { MESSAGES } from '../../shared/messages.js';
import { HttpError } from '../http/http-error.js';
import type { MunicipalHistoryService } from './municipal-history.js';
import type { MunicipalService } from './municipal-service.js';

export function registerMunicipalRoutes(
  app: FastifyInstance,
  deps: {
    municipal: MunicipalService;
    municipalHistory: MunicipalHistoryService;
    protection: VoteProtection;
    signals: VoteSignals;
  },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...declared(municipalEndpoints.listCommunes),
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return deps.municipal.listCommunes();
    },
  });

  // Registered before /api/municipal/:id/… so "votes" is never read as a commune id.
  api.route({
    ...declared(municipalEndpoints.listMunicipalVotes),
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return deps.municipal.listVotes(request.query.fingerprint);
    },
  });

  api.route({
    ...declared(municipalEndpoints.listCandidates),
    handler: async (request) => deps.municipal.listCandidates(request.params.id),
  });

  api.route({
    ...declared(municipalEndpoints.getCommuneHistory),
    config: { rateLimitGroup: 'history' },
    handler: async (request, reply) => {
      const history = await deps.municipalHistory.get(request.params.id, request.query.range);
      if (!history) throw new HttpError(404, MESSAGES.communeNotFound);
      // The last point is live: a browser may keep it a few seconds, no more.
      reply.header('Cache-Control', 'public, max-age=5');
      return history;
    },
  });

  api.route({
    ...declared(municipalEndpoints.castMunicipalVote),
    config: { rateLimitGroup: 'vote' },
    handler: async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      const binding = {
        purpose: 'municipal',
        fingerprint: body.fingerprint,
        communeId: id,
        candidateId: body.candidateId,
      } as const;
      const { cast: commune, nextChallenge } = await castProtectedVote(request, deps.protection, binding, body.proof, (spend) =>
        deps.municipal.vote(id, body.candidateId, body.fingerprint, spend),
      );
      deps.signals.record('commune', id, body.fingerprint, body.candidateId, request.ip);
      return reply.code(201).send({ marketId: id, candidateId: body.candidateId, commune, nextChallenge });
    },
  });
}
