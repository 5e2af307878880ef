import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders } from './security-headers.js';

describe('computeSecurityHeaders', () => {
  it('gives, once, exactly the headers Helmet sets on every answer with the site’s options', () => {
    expect(computeSecurityHeaders()).toEqual({
      'Content-Security-Policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self';" +
        "connect-src 'self';manifest-src 'self';worker-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
        "frame-ancestors 'none'",
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Origin-Agent-Cluster': '?1',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-DNS-Prefetch-Control': 'off',
      'X-Download-Options': 'noopen',
      'X-Frame-Options': 'SAMEORIGIN',
      'X-Permitted-Cross-Domain-Policies': 'none',
      'X-XSS-Protection': '0',
    });
  });

  it('stops the server at start on an option Helmet refuses, rather than serving without the headers', () => {
    expect(() =>
      computeSecurityHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { scriptSrc: ["'self'"] } } }),
    ).toThrow(/default-src/);
  });
});
