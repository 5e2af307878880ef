import { describe, expect, it } from 'vitest';
import { endpointsByName } from './index.js';
import { ROUTES } from './routes.js';

describe('routes.ts, the table the callers use (run `npm run docs:api` after changing a declaration)', () => {
  it('holds every declared endpoint, with its method, URL and token, and nothing else', () => {
    const declared = Object.fromEntries(
      Object.entries(endpointsByName).map(([name, endpoint]) => [
        name,
        'security' in endpoint
          ? { method: endpoint.method, url: endpoint.url, security: endpoint.security }
          : { method: endpoint.method, url: endpoint.url },
      ]),
    );
    expect(ROUTES).toEqual(declared);
  });

  it('names the routes a reader expects', () => {
    expect(Object.keys(ROUTES)).toHaveLength(44);
    expect(ROUTES.castVote).toEqual({ method: 'POST', url: '/api/votes' });
    expect(ROUTES.renameCandidate).toEqual({
      method: 'PATCH',
      url: '/api/admin/municipal/:id/candidates/:candidateId',
      security: 'admin',
    });
  });
});
