import type { FastifyInstance } from 'fastify';
import { privacyEraseBodySchema } from '../../shared/privacy.js';
import { fingerprintQuerySchema } from '../../shared/schemas.js';
import { parseInput } from '../http/http-error.js';
import '../http/route-config.js';
import type { PrivacyService } from './privacy-service.js';

/** The privacy page's two calls: download and erase what is tied to the device's fingerprint. */
export function registerPrivacyRoutes(app: FastifyInstance, deps: { privacy: PrivacyService }): void {
  app.get('/api/privacy/export', { config: { rateLimitGroup: 'privacy' } }, async (request, reply) => {
    const { fingerprint } = parseInput(fingerprintQuerySchema, request.query);
    reply.header('Cache-Control', 'no-store').header('Content-Disposition', 'attachment; filename="predi974-mes-donnees.json"');
    return deps.privacy.exportData(fingerprint);
  });

  app.post('/api/privacy/erase', { config: { rateLimitGroup: 'privacy' } }, async (request, reply) => {
    const { fingerprint } = parseInput(privacyEraseBodySchema, request.body);
    reply.header('Cache-Control', 'no-store');
    return deps.privacy.erase(fingerprint);
  });
}
