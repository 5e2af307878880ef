import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SITE } from '../../shared/site.js';

/**
 * The OpenAPI 3.1 document of every declared route, generated from the shared Zod declarations as the
 * routes are added: `GET /api/openapi.json`, and a reference page at `/api/docs` whose scripts and styles
 * are served from the package itself (no CDN, so the site's Content-Security-Policy lets it load).
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${SITE.name} API`,
        version: '1',
        description: 'JSON, same origin; every error is `{ "error": "<message en français>" }`.',
      },
      components: {
        securitySchemes: {
          admin: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN' },
          metrics: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The validator badge would load an image from validator.swagger.io, which the CSP refuses.
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.swagger();
  });
}
