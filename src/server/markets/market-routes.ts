import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';
import { castVoteBodySchema, fingerprintQuerySchema, idParamsSchema } from '../../shared/schemas.js';
import { HttpError, parseInput } from '../http/http-error.js';
import type { VoteProtection } from '../protection/vote-protection.js';
import type { MarketCatalog } from './market-catalog.js';
import type { VoteService } from './vote-service.js';

/** Encodings the client accepts (q=0 excluded). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    if (params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) continue;
    accepted.add(name.trim());
  }
  return accepted;
}

export function registerMarketRoutes(
  app: FastifyInstance,
  deps: { catalog: MarketCatalog; votes: VoteService; protection: VoteProtection },
): void {
  app.get('/api/markets', async (request, reply) => {
    const snapshot = await deps.catalog.get();
    reply.header('ETag', snapshot.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === snapshot.etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    if (accepted.has('br')) return reply.header('Content-Encoding', 'br').send(snapshot.brotli());
    if (accepted.has('gzip')) return reply.header('Content-Encoding', 'gzip').send(snapshot.gzip());
    return reply.send(snapshot.body);
  });

  app.get('/api/markets/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const market = (await deps.catalog.get()).markets.find((candidate) => candidate.id === id);
    if (!market) throw new HttpError(404, MESSAGES.marketNotFound);
    return market;
  });

  app.post('/api/votes', { config: { rateLimitGroup: 'vote' } }, async (request) => {
    const { marketId, voteType, fingerprint, proof } = parseInput(castVoteBodySchema, request.body);
    const binding = { purpose: 'vote', fingerprint, marketId, voteType } as const;
    const spendProof = deps.protection.authorizeVote(binding, proof);
    const result = await deps.votes.castVote({ marketId, voteType, fingerprint }, spendProof);
    deps.protection.countAcceptedVote(binding);
    return result;
  });

  app.get('/api/votes', async (request, reply) => {
    const { fingerprint } = parseInput(fingerprintQuerySchema, request.query);
    reply.header('Cache-Control', 'no-store');
    return deps.votes.listVotes(fingerprint);
  });
}
