import { describe, expect, it } from 'vitest';
import { isCachedApiRequest, isShellNavigation, offlineStandIn, WARMED_API_PATHS } from './cache-rules.js';

const ORIGIN = 'https://predi974.re';
const at = (path: string) => new URL(path, ORIGIN);

describe('isCachedApiRequest: what the worker keeps for a visit without network', () => {
  it.each(['/api/markets', '/api/municipal', '/api/municipal/saint-denis/candidates', '/api/news'])('keeps GET %s', (path) => {
    expect(isCachedApiRequest(at(path), 'GET', ORIGIN)).toBe(true);
  });

  it.each([
    '/api/stream',
    '/api/votes',
    '/api/votes?fingerprint=0123abcd',
    '/api/municipal/votes',
    '/api/municipal/votes?fingerprint=0123abcd',
    '/api/municipal/saint-denis/votes',
    '/api/identity',
    '/api/challenges',
    '/api/transparency',
    '/api/privacy/export?fingerprint=0123abcd',
    '/api/privacy/erase',
    '/api/admin/markets',
    '/api/admin/check',
    '/api/health',
    '/api/markets/m1',
    '/api/markets/m1/history?range=24h',
    '/api/municipal/saint-denis/history?range=7d',
    '/api/markets?fingerprint=0123abcd',
    '/api/municipal?fingerprint=0123abcd',
    '/metrics',
  ])('never keeps GET %s', (path) => {
    expect(isCachedApiRequest(at(path), 'GET', ORIGIN)).toBe(false);
  });

  it('never keeps a write, nor another site', () => {
    expect(isCachedApiRequest(at('/api/markets'), 'POST', ORIGIN)).toBe(false);
    expect(isCachedApiRequest(at('/api/votes'), 'POST', ORIGIN)).toBe(false);
    expect(isCachedApiRequest(at('/api/municipal/saint-denis/votes'), 'POST', ORIGIN)).toBe(false);
    expect(isCachedApiRequest(new URL('https://example.com/api/markets'), 'GET', ORIGIN)).toBe(false);
  });
});

describe('isShellNavigation: the pages the cached app answers', () => {
  it.each(['/', '/?utm_source=sms', '/#municipales', '/#prediction-m1'])('answers %s', (path) => {
    expect(isShellNavigation(at(path), ORIGIN)).toBe(true);
  });

  it.each([
    '/api',
    '/api/markets',
    '/api/docs',
    '/api/docs/static/index.html',
    '/p/m1',
    '/c/saint-denis',
    '/admin',
    '/admin/x',
    '/metrics',
    '/sw.js',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
  ])('leaves %s to the server', (path) => {
    expect(isShellNavigation(at(path), ORIGIN)).toBe(false);
  });

  it('leaves other sites alone', () => {
    expect(isShellNavigation(new URL('https://example.com/'), ORIGIN)).toBe(false);
  });
});

describe('WARMED_API_PATHS: the lists the worker reads itself once active', () => {
  it('are the predictions and the news with their alerts, both kept by the rule above', () => {
    expect(WARMED_API_PATHS).toEqual(['/api/markets?page=1', '/api/news']);
    for (const path of WARMED_API_PATHS) expect(isCachedApiRequest(at(path), 'GET', ORIGIN)).toBe(true);
  });
});

describe('offlineStandIn: the copy that answers offline for a list the worker never kept', () => {
  it('answers the whole catalogue with its first page, and nothing else', () => {
    expect(offlineStandIn(at('/api/markets'))).toBe('/api/markets?page=1');
    expect(offlineStandIn(at('/api/markets?page=2'))).toBeNull();
    expect(offlineStandIn(at('/api/markets?page=1&search=route'))).toBeNull();
    expect(offlineStandIn(at('/api/news'))).toBeNull();
    expect(offlineStandIn(at('/api/municipal'))).toBeNull();
  });
});
