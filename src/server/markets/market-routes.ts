import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { marketEndpoints } from '../../shared/api/markets.js';
import type { MarketListQuery } from '../../shared/market-list.js';
import { MESSAGES, pageOutOfRangeMessage } from '../../shared/messages.js';
import { declared } from '../http/contract.js';
import { HttpError } from '../http/http-error.js';
import type { VoteSignals } from '../bursts/vote-signals.js';
import { castProtectedVote } from '../protection/protected-request.js';
import type { VoteProtection } from '../protection/vote-protection.js';
import { PageOutOfRange, type CatalogSnapshot, type MarketCatalog, type PageAnswer } from './market-catalog.js';
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
      const query = request.query;
      const send = (answer: { body: string; etag: string; gzip(): Buffer; brotli(): Buffer }, cache = 'no-cache'): void => {
        reply.header('ETag', answer.etag).header('Cache-Control', cache).header('Vary', 'Accept-Encoding');
        if (request.headers['if-none-match'] === answer.etag) {
          void reply.code(304).send();
          return;
        }
        reply.type('application/json; charset=utf-8');
        const accepted = acceptedEncodings(request.headers['accept-encoding']);
        if (accepted.has('br')) void reply.header('Content-Encoding', 'br').send(answer.brotli());
        else if (accepted.has('gzip')) void reply.header('Content-Encoding', 'gzip').send(answer.gzip());
        else void reply.send(answer.body);
      };
      if (query.page === undefined) {
        const current = deps.catalog.current();
        if (current) {
          send(current);
          return;
        }
        return deps.catalog.get().then(send);
      }
      const listQuery: MarketListQuery = {
        page: Number(query.page),
        search: query.search ?? '',
        category: query.category ?? 'all',
        voteFilter: query.votes ?? 'all',
        status: query.status ?? 'all',
        order: query.sort ?? 'list',
      };
      const sendPage = (snapshot: CatalogSnapshot, voted?: ReadonlySet<string>): void => {
        let answer: PageAnswer;
        try {
          answer = snapshot.page(listQuery, voted);
        } catch (error) {
          if (error instanceof PageOutOfRange) throw new HttpError(400, pageOutOfRangeMessage(error.pageCount));
          throw error;
        }
        // A device's own view (its votes) is never kept by a shared cache.
        send(answer, voted ? 'private, no-cache' : 'no-cache');
      };
      const current = deps.catalog.current();
      if (current && query.votes === undefined) {
        sendPage(current);
        return;
      }
      return (async () => {
        const [snapshot, voted] = await Promise.all([
          deps.catalog.get(),
          query.votes !== undefined && query.fingerprint !== undefined
            ? deps.votes.listVotes(query.fingerprint).then((votes) => new Set(votes.map((vote) => vote.marketId)))
            : undefined,
        ]);
        sendPage(snapshot, voted);
      })();
    },
  });

  api.route({
    ...declared(marketEndpoints.getMarket),
    handler: async (request) => {
      const { id } = request.params;
      const market = (await deps.catalog.get()).find(id);
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
      const { cast: result, nextChallenge } = await castProtectedVote(request, deps.protection, binding, proof, (spend) =>
        deps.votes.castVote({ marketId, voteType, fingerprint }, spend),
      );
      // A changed vote counts with its new answer from the moment it was first cast.
      if (result.changed) deps.history.invalidate(marketId);
      deps.signals.record('market', marketId, fingerprint, voteType, request.ip);
      return { ...result, nextChallenge };
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
