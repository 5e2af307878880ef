import type { FastifyInstance } from 'fastify';
import { PROTECTION_MESSAGES } from '../../shared/messages.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { protectionEndpoints } from '../../shared/api/protection.js';
import { declared } from '../http/contract.js';
import '../http/route-config.js';
import type { DailyFigures } from './daily-figures.js';
import { countingRefusals, isProtectionRefusal } from './protected-request.js';
import type { TransparencyService } from './transparency.js';
import type { VoteProtection } from './vote-protection.js';

/** A year, as the cookie page says. */
const IDENTITY_COOKIE_MAX_AGE_S = 31_536_000;

/**
 * Identity, challenges, the transparency figures, and the counting of what happens to votes. Registered
 * before the vote routes, so its hooks see them.
 */
export function registerProtectionRoutes(
  app: FastifyInstance,
  deps: { protection: VoteProtection; transparency: TransparencyService; figures: DailyFigures },
): void {
  const { protection, transparency, figures } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...declared(protectionEndpoints.issueIdentity),
    config: { rateLimitGroup: 'challenge' },
    handler: async (request, reply) => {
      const { proof } = request.body;
      const fingerprint = await countingRefusals(request, () => protection.issueIdentity(proof, request.ip));
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply
        .header(
          'Set-Cookie',
          `user_fingerprint=${fingerprint}; Max-Age=${IDENTITY_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`,
        )
        .header('Cache-Control', 'no-store');
      // The challenge of this identity's first vote, so that vote is one request (docs/decisions/049).
      return reply.code(201).send({ fingerprint, nextChallenge: await protection.nextChallenge(fingerprint, request.ip) });
    },
  });

  api.route({
    ...declared(protectionEndpoints.requestChallenge),
    config: { rateLimitGroup: 'challenge' },
    handler: async (request, reply) => {
      const body = request.body;
      reply.header('Cache-Control', 'no-store');
      if (body.purpose === 'identity') await request.server.handlerLimits.take(request, 'challenge');
      else {
        // A vote challenge is limited per identity, never per address: requests a script sends from a shared
        // address then cannot keep the phones beside it from voting. A forged identity is a refusal.
        if (protection.enabled) await countingRefusals(request, () => protection.requireIdentity(body.fingerprint));
        await request.server.handlerLimits.take(request, 'identity', body.fingerprint);
      }
      // The address only ever leaves memory as a keyed hash (see VoteProtection.budgetsOf).
      return protection.challengeFor(body, request.ip);
    },
  });

  api.route({
    ...declared(protectionEndpoints.getTransparency),
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return transparency.report();
    },
  });

  // The public daily figures of the vote routes.
  app.addHook('onError', async (request, _reply, error) => {
    if (request.routeOptions.config.rateLimitGroup !== 'vote') return;
    if (error.message === PROTECTION_MESSAGES.proofReplayed) figures.add('refusedReplays');
    else if (isProtectionRefusal(error)) figures.add('refusedProof');
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.rateLimitGroup !== 'vote') return;
    if (reply.statusCode >= 200 && reply.statusCode < 300) figures.add('votesAccepted');
    else if (reply.statusCode === 429) figures.add('refusedRateLimited');
  });
}
