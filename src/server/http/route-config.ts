declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which per-address limit applies to the route. */
    rateLimitGroup?: 'vote' | 'stream' | 'privacy' | 'challenge' | 'share';
  }
}

export {};
