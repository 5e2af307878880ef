import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { privacyEndpoints } from '../../shared/api/privacy.js';
import { declared } from '../http/contract.js';
import '../http/route-config.js';
import type { PrivacyService } from './privacy-service.js';

/** The privacy page's two calls: download and erase what is tied to the device's fingerprint. */
export function registerPrivacyRoutes(app: FastifyInstance, deps: { privacy: PrivacyService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...declared(privacyEndpoints.exportMyData),
    config: { rateLimitGroup: 'privacy' },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('Content-Disposition', 'attachment; filename="predi974-mes-donnees.json"');
      return deps.privacy.exportData(request.query.fingerprint);
    },
  });

  api.route({
    ...declared(privacyEndpoints.eraseMyData),
    config: { rateLimitGroup: 'privacy' },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return deps.privacy.erase(request.body.fingerprint);
    },
  });
}
