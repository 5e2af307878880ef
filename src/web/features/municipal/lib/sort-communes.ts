import type { Commune } from '../../../../shared/municipal.js';

export type CommuneSort = 'votes' | 'random';

/**
 * "Plus de votes": total votes descending (newest first on equal totals, the API's order).
 * "Aléatoire": by a random key per commune, drawn once so the order holds while counts change.
 */
export function sortCommunes(
  communes: readonly Commune[],
  sort: CommuneSort,
  randomKey: (communeId: string) => number,
): Commune[] {
  const indexed = communes.map((commune, index) => ({ commune, index }));
  indexed.sort((a, b) => {
    const difference =
      sort === 'votes' ? b.commune.totalVotes - a.commune.totalVotes : randomKey(a.commune.id) - randomKey(b.commune.id);
    return difference !== 0 ? difference : a.index - b.index;
  });
  return indexed.map(({ commune }) => commune);
}

/** Trending communes get their own section; the rest follow under "Toutes les communes". */
export function splitByTrending(communes: readonly Commune[]): { trending: Commune[]; others: Commune[] } {
  return {
    trending: communes.filter((commune) => commune.trending),
    others: communes.filter((commune) => !commune.trending),
  };
}
