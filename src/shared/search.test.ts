import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CategoryId } from './categories.js';
import { toMarketView, type Market, type VoteType } from './market.js';
import { filterMarkets, normalizeForSearch, type MarketFilters } from './search.js';

function market(id: string, category: CategoryId, title: string, description = 'Sans détail.'): Market {
  return toMarketView({
    id,
    title,
    description,
    category,
    endDate: '2030-01-01T00:00:00.000Z',
    yesVotes: 0,
    noVotes: 0,
    trending: false,
    resolved: false,
    outcome: null,
  });
}

const MARKETS = [
  market('route', 'transport', 'La nouvelle route du littoral ouvrira-t-elle ?'),
  market('chu', 'sante', 'Le CHU ouvrira-t-il un service ?', 'Un projet à Saint-Pierre.'),
  market('vote', 'politique', 'Le maire sera-t-il réélu ?'),
  market('cyclone', 'cyclones', 'Un cyclone touchera-t-il l’île ?', 'Saison chaude.'),
  market('sucre', 'economie', 'La campagne sucrière battra-t-elle un record ?', 'Agriculture de la canne.'),
];

const NO_VOTES = new Map<string, VoteType>();
const search = (text: string, filters: Partial<MarketFilters> = {}, votes = NO_VOTES) =>
  filterMarkets(MARKETS, { search: text, category: 'all', voteFilter: 'all', ...filters }, votes).map((m) => m.id);

describe('normalizeForSearch', () => {
  it('lower-cases, strips accents and trims', () => {
    expect(normalizeForSearch('  Santé ÉCONOMIE Saint-Benoît ')).toBe('sante economie saint-benoit');
  });
});

describe('filterMarkets: search', () => {
  it('matches the title or the description, accent- and case-insensitively', () => {
    expect(search('ROUTE DU LITTORAL')).toEqual(['route']);
    expect(search('saint-pierre')).toEqual(['chu']);
    expect(search('sucriere')).toEqual(['sucre']);
  });

  it('matches the category name, whatever the accents and case', () => {
    expect(search('Santé')).toEqual(['chu']);
    expect(search('sante')).toEqual(['chu']);
    expect(search('SANTE')).toEqual(['chu']);
    expect(search('Politique')).toEqual(['vote']);
    expect(search('Cyclones/Météo')).toEqual(['cyclone']);
    expect(search('cyclones/meteo')).toEqual(['cyclone']);
    expect(search('Économie')).toEqual(['sucre']);
    expect(search('  Transport  ')).toEqual(['route']);
  });

  it('ignores surrounding spaces, tabs, line breaks and non-breaking spaces', () => {
    expect(search('  littoral  ')).toEqual(['route']);
    expect(search('\tlittoral\n')).toEqual(['route']);
    expect(search('\u00a0littoral\u202f')).toEqual(['route']);
  });

  it('folds accents on both sides: in the search, in the text, or in both', () => {
    // The text says "sucrière" and "Saison"; the category of "sucre" is "Économie".
    expect(search('sucrière')).toEqual(['sucre']);
    expect(search('SUCRIÈRE')).toEqual(['sucre']);
    expect(search('sucriere')).toEqual(['sucre']);
    expect(search('sâïsön')).toEqual(['cyclone']);
    expect(search('  Écônomie ')).toEqual(['sucre']);
    // A decomposed "é" (e + U+0301, as some keyboards send it) is the same letter.
    expect(search('sucrie\u0300re')).toEqual(['sucre']);
  });

  it('matches part of a category name, like any substring', () => {
    expect(search('météo')).toEqual(['cyclone']);
  });

  it('an empty or blank search keeps everything; an unknown text keeps nothing', () => {
    expect(search('')).toHaveLength(5);
    expect(search('   ')).toHaveLength(5);
    expect(search('volcan')).toEqual([]);
  });

  it('combines with the category and vote filters', () => {
    expect(search('Santé', { category: 'politique' })).toEqual([]);
    expect(search('ouvrira', { category: 'sante' })).toEqual(['chu']);
    const votes = new Map<string, VoteType>([['route', 'yes']]);
    expect(search('ouvrira', { voteFilter: 'voted' }, votes)).toEqual(['route']);
    expect(search('ouvrira', { voteFilter: 'not-voted' }, votes)).toEqual(['chu']);
  });
});

describe('"Rechercher par catégorie" on the demo data', () => {
  const seed = JSON.parse(readFileSync(new URL('../../data/seed/markets.json', import.meta.url), 'utf8')) as {
    id: string;
    title: string;
    description: string;
    category: CategoryId;
  }[];
  const demo = seed.map((item) => market(item.id, item.category, item.title, item.description));
  const found = (name: string) =>
    filterMarkets(demo, { search: name, category: 'all', voteFilter: 'all' }, NO_VOTES).map((m) => m.category);

  // Counts read from data/seed/markets.json.
  it.each([
    ['Politique', 'politique', 5],
    ['Économie', 'economie', 7],
    ['Social', 'social', 4],
    ['Cyclones/Météo', 'cyclones', 5],
    ['Transport', 'transport', 6],
    ['Santé', 'sante', 4],
    ['Environnement', 'environnement', 4],
  ] as const)('%s finds the predictions of its category (%s): %i, and no other', (name, id, count) => {
    expect(found(name)).toEqual(Array.from({ length: count }, () => id));
  });

  it('Culture also finds the two predictions whose text says "agriculture" (a substring search)', () => {
    const categories = found('Culture');
    expect(categories.filter((category) => category === 'culture')).toHaveLength(5);
    expect(categories).toHaveLength(7);
  });
});
