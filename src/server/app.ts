import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { MAX_BODY_BYTES } from '../shared/constants.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { opsEndpoints } from '../shared/api/ops.js';
import { MESSAGES } from '../shared/messages.js';
import { registerAdminRoutes } from './admin/admin-routes.js';
import { registerApiDocs } from './http/api-docs.js';
import { declared, useContract } from './http/contract.js';
import { registerErrorHandling } from './http/error-handler.js';
import { HttpError } from './http/http-error.js';
import { frenchClientErrorHandler, registerNodeLevelAnswers } from './http/node-level-answers.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import './http/route-config.js';
import { registerMarketRoutes } from './markets/market-routes.js';
import { registerMunicipalRoutes } from './municipal/municipal-routes.js';
import { registerNewsRoutes } from './news/news-routes.js';
import { countVotes, registerOpsRoutes } from './ops/ops-routes.js';
import { registerPrivacyRoutes } from './privacy/privacy-routes.js';
import { registerProtectionRoutes } from './protection/protection-routes.js';
import { registerStreamRoutes } from './realtime/stream-routes.js';
import { registerShareRoutes } from './share/share-routes.js';
import { loadHomeRenderer, registerHomePage } from './page/home-page.js';
import type { HomeRenderer } from '../shared/home-page.js';
import type { Config } from './config.js';
import type { Services } from './services.js';

export interface AppOptions {
  /** Folder of the built web app; not served when absent. */
  webRoot?: string;
  /** False: the server's logger is silent (tests). */
  logger?: boolean;
  /**
   * Check every JSON answer against its declaration in src/shared/api (a mismatch becomes a 500
   * "Réponse hors contrat"). On in tests; off in production, where it would parse each answer twice.
   */
  checkResponses?: boolean;
  /**
   * Renders the home screen into the page (docs/decisions/026-server-rendered-first-screen.md); by default the
   * SSR build's (dist/ssr/ssr-entry.js). Without one, the page is sent unrendered and the browser draws it.
   */
  homeRenderer?: HomeRenderer;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Fastify takes addresses as they are; a bare number it now treats as "trust nothing" (it cannot check the
 * immediate peer), so a hop count is given as proxy-addr's function: hop 0 is the connecting peer, and the
 * first `hops` of them, counted from the server, may speak for the client.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Builds the HTTP application of one instance: API, stream and the built web app. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  // The process's one logger (src/server/logger.ts), shared with the change bus, the hub and the jobs;
  // typed as Fastify's base logger so the instance keeps the type every route module takes.
  const loggerInstance: FastifyBaseLogger = services.logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // Client IPs are for rate limits only: request logs (which carry them) are off.
    logController: new LogController({ disableRequestLogging: true }),
    // Slow clients (slowloris): a request must arrive whole, headers and body, within this time (checked
    // every second), else Node answers 408 and closes. Long-lived answers (the event stream) are not cut.
    requestTimeout: config.requestTimeoutMs,
    // Host is checked by the app (registerNodeLevelAnswers), so a request without one gets a French answer.
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1_000, requireHostHeader: false },
    // Refused before routing (malformed HTTP, oversized headers, too slow): answered in French too.
    clientErrorHandler: frenchClientErrorHandler,
    // Shutdown answers are the app's own (French, with Retry-After): see registerNodeLevelAnswers.
    return503OnClosing: false,
    // A malformed URL (bad percent-encoding) gets the same `{ error }` answer as any bad request.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ error: MESSAGES.invalidRequest });
    },
  });

  registerErrorHandling(app);
  useContract(app, { checkResponses: options.checkResponses ?? false });
  // Before the routes, so it sees each of them as it is added.
  await registerApiDocs(app);
  // First, so every vote answered is counted, refusals by the checks below included.
  if (services.metrics) countVotes(app, services.metrics);

  registerSecurityHeaders(app);
  registerNodeLevelAnswers(app);
  // State-changing calls: JSON only, and from this site (or a configured origin) when a browser sends them.
  // Callback hooks on the path of every request: an async one costs a promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return done();
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== own && !config.allowedOrigins.includes(origin)) return done(new HttpError(403, MESSAGES.forbiddenOrigin));
    }
    const contentType = request.headers['content-type'];
    const hasBody = request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0';
    if ((hasBody || request.headers['transfer-encoding']) && !/^application\/json\s*(;|$)/i.test(contentType ?? '')) {
      return done(new HttpError(415, MESSAGES.unsupportedMediaType));
    }
    done();
  });

  // After the checks above, so refused requests are not counted and every 429 carries the security headers.
  await registerRateLimits(app, config, services.database);

  await app.register(compress, { threshold: 1024 });

  app.withTypeProvider<ZodTypeProvider>().route({
    ...declared(opsEndpoints.getHealth),
    handler: async () => ({
      ok: true,
      database: services.database.dialect,
      voteChange: config.voteChange,
      voteProtection: config.protection.enabled ? ('on' as const) : ('off' as const),
      admin: config.adminToken !== null,
    }),
  });
  registerOpsRoutes(app, services);
  registerProtectionRoutes(app, services);
  registerMarketRoutes(app, services);
  registerMunicipalRoutes(app, services);
  registerNewsRoutes(app, services);
  registerStreamRoutes(app, services);
  registerPrivacyRoutes(app, services);
  registerAdminRoutes(app, services);
  registerShareRoutes(app, services);

  const webRoot = options.webRoot ?? resolve('dist/web');
  if (existsSync(webRoot)) {
    const homeRenderer = options.homeRenderer ?? (await loadHomeRenderer());
    if (homeRenderer) {
      registerHomePage(app, { webRoot, renderer: homeRenderer, catalog: services.catalog, clock: services.clock });
    }
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // The page itself is the server's render (above) when there is a renderer.
      ...(homeRenderer ? { index: false, globIgnore: ['index.html', 'index.html.*'] } : {}),
      // The build leaves .br and .gz beside each asset (scripts/precompress-assets.mjs).
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed assets never change; the page itself, the service worker (/sw.js) and the manifest are
        // revalidated, so a deploy shows at once and the browser finds the new worker.
        reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  return app;
}
