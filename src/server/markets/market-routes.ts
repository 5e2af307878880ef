import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { marketEndpoints } from '../../shared/api/markets.js';
import { MESSAGES } from '../../shared/messages.js';
import { declared } from '../http/contract.js';
import { HttpError } from '../http/http-error.js';
import type { VoteSignals } from '../bursts/vote-signals.js';
import { castProtectedVote } from '../protection/protected-request.js';
import type { VoteProtection } from '../protection/vote-protection.js';
import type { CatalogSnapshot, MarketCatalog } from './market-catalog.js';
import type { MarketHistoryService } from './market-history.js';
import type { VoteService } from './vote-service.js';
import { acceptedEncodings } from '../http/accept-encoding.js';

export function registerMarketRoutes(
  app: FastifyInstance,
  deps: {
    catalog: MarketCatalog;
    history: MarketHistoryService;
    votes: VoteService;
    protection: VoteProtection;
    signals: VoteSignals;
  },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...declared(marketEndpoints.listMarkets),
    // Sent as the catalogue's pre-serialised bytes (no serialiser runs): the reply is taken untyped. Not an
    // async handler: while the snapshot is current the answer goes out without a promise.
    handler: (request, typedReply) => {
      const reply: FastifyReply = typedReply;
      const send = (snapshot: CatalogSnapshot): void => {
        reply.header('ETag', snapshot.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
        if (request.headers['if-none-match'] === snapshot.etag) {
          void reply.code(304).send();
          return;
        }
        reply.type('application/json; charset=utf-8');
        const accepted = acceptedEncodings(request.headers['accept-encoding']);
        if (accepted.has('br')) void reply.header('Content-Encoding', 'br').send(snapshot.brotli());
        else if (accepted.has('gzip')) void reply.header('Content-Encoding', 'gzip').send(snapshot.gzip());
        else void reply.send(snapshot.body);
      };
      const current = deps.catalog.current();
      if (current) {
        send(current);
        return;
      }
      return deps.catalog.get().then(send);
    },
  });

  api.route({
    ...declared(marketEndpoints.getMarket),
    handler: async (request) => {
      const { id } = request.params;
      const market = (await deps.catalog.get()).markets.find((candidate) => candidate.id === id);
      if (!market) throw new HttpError(404, MESSAGES.marketNotFound);
      return market;
    },
  });

  api.route({
    ...declared(marketEndpoints.getMarketHistory),
    config: { rateLimitGroup: 'history' },
    handler: async (request, reply) => {
      const history = await deps.history.get(request.params.id, request.query.range);
      if (!history) throw new HttpError(404, MESSAGES.marketNotFound);
      // The last point is live: a browser may keep it a few seconds, no more.
      reply.header('Cache-Control', 'public, max-age=5');
      return history;
    },
  });

  api.route({
    ...declared(marketEndpoints.castVote),
    config: { rateLimitGroup: 'vote' },
    handler: async (request) => {
      const { marketId, voteType, fingerprint, proof } = request.body;
      const binding = { purpose: 'vote', fingerprint, marketId, voteType } as const;
      const result = await castProtectedVote(request, deps.protection, binding, proof, (spend) =>
        deps.votes.castVote({ marketId, voteType, fingerprint }, spend),
      );
      // A changed vote counts with its new answer from the moment it was first cast.
      if (result.changed) deps.history.invalidate(marketId);
      deps.signals.record('market', marketId, fingerprint, voteType, request.ip);
      return result;
    },
  });

  api.route({
    ...declared(marketEndpoints.listVotes),
    handler: async (request, reply) => {
      const { fingerprint } = request.query;
      reply.header('Cache-Control', 'no-store');
      return deps.votes.listVotes(fingerprint);
    },
  });
}
