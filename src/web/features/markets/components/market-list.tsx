import RotateCw from 'lucide-react/icons/rotate-cw';
import SearchX from 'lucide-react/icons/search-x';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { HOME_SKELETON_COUNT } from '../../../../shared/constants.js';
import type { Market, VoteType } from '../../../../shared/market.js';
import { filterMarkets, type MarketFilters } from '../../../../shared/search.js';
import { Button } from '../../../components/ui/button.js';
import { errorText } from '../../../lib/api-client.js';
import { useNow } from '../../../lib/use-now.js';
import { marketsQueryOptions } from '../api/get-markets.js';
import { userVotesQueryOptions } from '../api/get-user-votes.js';
import { MarketCard, MarketCardSkeleton } from './market-card.js';

const GRID = 'grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4';
/** Cards drawn in the first paint: a full first screen on any size; the rest follows in an interruptible render. */
const FIRST_PAINT_CARDS = 12;

/** Trending first; otherwise the server's order is kept so live updates never reshuffle the grid. */
function trendingFirst(markets: readonly Market[]): Market[] {
  return markets.slice().sort((a, b) => Number(b.trending) - Number(a.trending));
}

export function MarketList({ filters }: { filters: MarketFilters }) {
  const markets = useQuery(marketsQueryOptions);
  const votes = useQuery(userVotesQueryOptions);
  const now = useNow();
  const userVotes = votes.data ?? EMPTY_VOTES;

  const visible = useMemo(
    () => (markets.data ? trendingFirst(filterMarkets(markets.data, filters, userVotes)) : []),
    [markets.data, filters, userVotes],
  );
  // On a slow phone, rendering every card at once blocks the main thread for long: the first screen comes
  // first, the cards below it in a transition that React splits into short tasks.
  const [cardLimit, setCardLimit] = useState(FIRST_PAINT_CARDS);
  const hasData = markets.data !== undefined;
  useEffect(() => {
    if (hasData) startTransition(() => setCardLimit(Number.POSITIVE_INFINITY));
  }, [hasData]);

  if (markets.isPending) {
    return (
      <div role="status" aria-label="Chargement des prédictions" className={GRID}>
        {Array.from({ length: HOME_SKELETON_COUNT }, (_, index) => (
          <MarketCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (markets.isError) {
    // The specification's reload: the error line keeps its text, the button asks the server again.
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/50">
        <p role="alert" className="min-w-0 flex-1 basis-56 font-medium text-red-700 dark:text-red-300">
          Erreur: {errorText(markets.error)}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={markets.isFetching}
          onClick={() => void markets.refetch()}
          className="border-red-300 text-red-800 hover:bg-red-100 dark:border-red-800 dark:bg-red-950 dark:text-red-200 dark:hover:bg-red-900"
        >
          <RotateCw aria-hidden="true" className={markets.isFetching ? 'size-4 motion-safe:animate-spin' : 'size-4'} />
          Réessayer
        </Button>
      </div>
    );
  }

  if (visible.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
          <SearchX aria-hidden="true" className="size-7" />
        </span>
        <p className="mt-4 text-lg font-bold text-slate-900 dark:text-white">Aucune prédiction trouvée</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Essayez de modifier vos filtres ou votre recherche</p>
      </div>
    );
  }

  return (
    <ul className={GRID}>
      {visible.slice(0, cardLimit).map((market) => (
        <li key={market.id} className="flex">
          <div className="flex w-full flex-col [&>article]:flex-1">
            <MarketCard market={market} userVote={userVotes.get(market.id)} votesLoading={votes.isPending} now={now} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const EMPTY_VOTES: ReadonlyMap<string, VoteType> = new Map<string, VoteType>();
