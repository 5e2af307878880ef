import { describe, expect, it } from 'vitest';
import { parseHash, tabHash } from './hash-route.js';

describe('parseHash', () => {
  it.each([
    ['#municipales', { tab: 'municipales', predictionId: null }],
    ['#trending', { tab: 'trending', predictionId: null }],
    ['#admin', { tab: 'admin', predictionId: null }],
    ['#administration', { tab: 'home', predictionId: null }],
    ['', { tab: 'home', predictionId: null }],
    ['#', { tab: 'home', predictionId: null }],
    ['#autre-chose', { tab: 'home', predictionId: null }],
    ['#prediction-', { tab: 'home', predictionId: null }],
    ['#prediction-nrl-dernier-troncon', { tab: 'home', predictionId: 'nrl-dernier-troncon' }],
    ['#prediction-caf%C3%A9', { tab: 'home', predictionId: 'café' }],
    // Malformed percent-encoding (crafted share links): home, never an exception.
    ['#%', { tab: 'home', predictionId: null }],
    ['#prediction-%E0%A4%A', { tab: 'home', predictionId: null }],
    ['#prediction-%', { tab: 'home', predictionId: null }],
    ['#municipales%ZZ', { tab: 'home', predictionId: null }],
    ['#%C3', { tab: 'home', predictionId: null }],
  ])('%s', (hash, expected) => {
    expect(parseHash(hash)).toEqual(expected);
  });

  it('home has no hash, the other tabs have theirs', () => {
    expect(tabHash('home')).toBe('');
    expect(tabHash('municipales')).toBe('#municipales');
    expect(tabHash('trending')).toBe('#trending');
  });
});
