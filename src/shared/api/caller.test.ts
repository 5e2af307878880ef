import { describe, expect, it } from 'vitest';
import { pathOf, queryKeyOf, routePattern } from './caller.js';

describe('pathOf: an endpoint by its name, as the path to request', () => {
  it('fills the path parameters, encoded, and appends the query', () => {
    expect(pathOf('listMarkets')).toBe('/api/markets');
    expect(pathOf('getMarketHistory', { params: { id: 'route du littoral' }, query: { range: '7d' } })).toBe(
      '/api/markets/route%20du%20littoral/history?range=7d',
    );
    expect(pathOf('renameCandidate', { params: { id: 'saint-paul', candidateId: 'c/1' } })).toBe(
      '/api/admin/municipal/saint-paul/candidates/c%2F1',
    );
  });

  it('leaves out a query value that is undefined, and refuses a missing path parameter', () => {
    expect(pathOf('listVotes', { query: { fingerprint: undefined } })).toBe('/api/votes');
    expect(() => pathOf('getMarket', {})).toThrow('getMarket: paramètre id manquant');
  });
});

describe('routePattern: the paths of an endpoint', () => {
  it('matches one segment per parameter, and nothing longer or shorter', () => {
    const candidates = routePattern('listCandidates');
    expect(candidates.test('/api/municipal/saint-denis/candidates')).toBe(true);
    expect(candidates.test('/api/municipal/saint-denis/candidates/x')).toBe(false);
    expect(candidates.test('/api/municipal//candidates')).toBe(false);
    expect(candidates.test('/api/municipal/a/b/candidates')).toBe(false);
    expect(routePattern('listMarkets').test('/api/markets')).toBe(true);
    expect(routePattern('listMarkets').test('/api/markets/x')).toBe(false);
  });
});

describe('queryKeyOf: cache keys built from the endpoint', () => {
  it('is the name, then the parameters and the query asked with', () => {
    expect(queryKeyOf('listMarkets')).toEqual(['listMarkets']);
    expect(queryKeyOf('getMarketHistory', { params: { id: 'a' }, query: { range: '24h' } })).toEqual([
      'getMarketHistory',
      { id: 'a' },
      { range: '24h' },
    ]);
  });
});
