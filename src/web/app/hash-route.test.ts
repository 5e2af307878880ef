import { describe, expect, it } from 'vitest';
import { communeHash, predictionHash } from '../lib/prediction-link.js';
import { parseHash, subPageHash, tabHash } from './hash-route.js';

describe('parseHash', () => {
  it.each([
    ['#municipales', { tab: 'municipales', predictionId: null, communeId: null, page: null }],
    ['#trending', { tab: 'trending', predictionId: null, communeId: null, page: null }],
    ['#admin', { tab: 'admin', predictionId: null, communeId: null, page: null }],
    ['#administration', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#autre-chose', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#prediction-', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#prediction-nrl-dernier-troncon', { tab: 'home', predictionId: 'nrl-dernier-troncon', communeId: null, page: null }],
    ['#prediction-caf%C3%A9', { tab: 'home', predictionId: 'café', communeId: null, page: null }],
    // Malformed percent-encoding (crafted share links): home, never an exception.
    ['#%', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#prediction-%E0%A4%A', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#prediction-%', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#municipales%ZZ', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#%C3', { tab: 'home', predictionId: null, communeId: null, page: null }],
    // The static pages have their own addresses.
    ['#documentation', { tab: 'home', predictionId: null, communeId: null, page: 'documentation' }],
    ['#mentions-legales', { tab: 'home', predictionId: null, communeId: null, page: 'legal' }],
    ['#cookies', { tab: 'home', predictionId: null, communeId: null, page: 'cookies' }],
    ['#confidentialite', { tab: 'home', predictionId: null, communeId: null, page: 'privacy' }],
    ['#accessibilite', { tab: 'home', predictionId: null, communeId: null, page: 'accessibility' }],
    ['#bilan', { tab: 'home', predictionId: null, communeId: null, page: 'trackRecord' }],
    ['#Bilan', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#mon-bilan', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#a-la-chaine', { tab: 'home', predictionId: null, communeId: null, page: 'voteChain' }],
    ['#%C3%A0-la-cha%C3%AEne', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#a-la-chaine/', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#transparence', { tab: 'transparence', predictionId: null, communeId: null, page: null }],
    ['#mentions-l%C3%A9gales', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#Cookies', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#legal', { tab: 'home', predictionId: null, communeId: null, page: null }],
    // A commune's sheet on the municipal tab; whether the commune exists is the page's business.
    ['#commune-97411', { tab: 'municipales', predictionId: null, communeId: '97411', page: null }],
    ['#commune-99999', { tab: 'municipales', predictionId: null, communeId: '99999', page: null }],
    ['#commune-', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#commune-%', { tab: 'home', predictionId: null, communeId: null, page: null }],
    ['#Commune-97411', { tab: 'home', predictionId: null, communeId: null, page: null }],
  ])('%s', (hash, expected) => {
    expect(parseHash(hash)).toEqual(expected);
  });

  it('home has no hash, the other tabs have theirs', () => {
    expect(tabHash('home')).toBe('');
    expect(tabHash('municipales')).toBe('#municipales');
    expect(tabHash('trending')).toBe('#trending');
  });

  it('a commune and a prediction have their hash, encoded', () => {
    expect(communeHash('97411')).toBe('#commune-97411');
    expect(predictionHash('nrl-dernier-troncon')).toBe('#prediction-nrl-dernier-troncon');
    expect(parseHash(communeHash('97411'))).toEqual({ tab: 'municipales', predictionId: null, communeId: '97411', page: null });
  });

  it('each static page has its hash', () => {
    expect(subPageHash('documentation')).toBe('#documentation');
    expect(subPageHash('legal')).toBe('#mentions-legales');
    expect(subPageHash('cookies')).toBe('#cookies');
    expect(subPageHash('privacy')).toBe('#confidentialite');
    expect(subPageHash('accessibility')).toBe('#accessibilite');
    expect(subPageHash('trackRecord')).toBe('#bilan');
    expect(subPageHash('voteChain')).toBe('#a-la-chaine');
  });
});
