import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which per-address limit applies to the route. */
    rateLimitGroup?: 'vote' | 'stream' | 'privacy' | 'challenge' | 'share' | 'admin';
    /** Requests it returns true for are neither counted nor refused (admin calls with the right token). */
    rateLimitExempt?: (request: FastifyRequest) => boolean;
  }
}

export {};
