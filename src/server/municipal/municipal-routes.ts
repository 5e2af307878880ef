import type { FastifyInstance } from 'fastify';
import { fingerprintQuerySchema, idParamsSchema, municipalVoteBodySchema } from '../../shared/schemas.js';
import { parseInput } from '../http/http-error.js';
import type { VoteProtection } from '../protection/vote-protection.js';
import type { MunicipalService } from './municipal-service.js';

export function registerMunicipalRoutes(
  app: FastifyInstance,
  deps: { municipal: MunicipalService; protection: VoteProtection },
): void {
  app.get('/api/municipal', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return deps.municipal.listCommunes();
  });

  // Registered before /api/municipal/:id/… so "votes" is never read as a commune id.
  app.get('/api/municipal/votes', async (request, reply) => {
    const { fingerprint } = parseInput(fingerprintQuerySchema, request.query);
    reply.header('Cache-Control', 'no-store');
    return deps.municipal.listVotes(fingerprint);
  });

  app.get('/api/municipal/:id/candidates', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    return deps.municipal.listCandidates(id);
  });

  app.post('/api/municipal/:id/votes', { config: { rateLimitGroup: 'vote' } }, async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const body = parseInput(municipalVoteBodySchema, request.body);
    const binding = {
      purpose: 'municipal',
      fingerprint: body.fingerprint,
      communeId: id,
      candidateId: body.candidateId,
    } as const;
    const spendProof = deps.protection.authorizeVote(binding, body.proof);
    const commune = await deps.municipal.vote(id, body.candidateId, body.fingerprint, spendProof);
    deps.protection.countAcceptedVote(binding);
    return reply.code(201).send({ marketId: id, candidateId: body.candidateId, commune });
  });
}
