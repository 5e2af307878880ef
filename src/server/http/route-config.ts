import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Which per-address limit applies to the route. `vote` and `challenge` are counted by their handlers, once the
     * vote protection has checked what the request carries (see HandlerLimits); the others on request.
     */
    rateLimitGroup?: 'vote' | 'stream' | 'privacy' | 'challenge' | 'share' | 'history' | 'admin';
    /** Requests it returns true for are neither counted nor refused (admin calls with the right token). */
    rateLimitExempt?: (request: FastifyRequest) => boolean;
  }
}

/** Limits a handler applies itself, after reading the request's body (see registerRateLimits). */
export type HandlerLimitGroup = 'vote' | 'refused' | 'challenge' | 'identity';

export interface HandlerLimits {
  /**
   * Counts this request in `group` (per address; `identity`: per identity, the `subject`) and throws 429 past the
   * group's limit.
   */
  take(request: FastifyRequest, group: HandlerLimitGroup, subject?: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    handlerLimits: HandlerLimits;
  }
}
