import RotateCw from 'lucide-react/icons/rotate-cw';
import SearchX from 'lucide-react/icons/search-x';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { HOME_SKELETON_COUNT } from '../../../../shared/constants.js';
import type { Market, VoteType } from '../../../../shared/market.js';
import { filterMarkets, type MarketFilters } from '../../../../shared/search.js';
import { Button } from '../../../components/ui/button.js';
import { errorText } from '../../../lib/api-client.js';
import { useIsOffline } from '../../../lib/connection.js';
import { formatCount, frenchTypography } from '../../../../shared/format.js';
import { useNow } from '../../../lib/use-now.js';
import { ALL_MARKETS, isUnfiltered, itemsOf, marketPagesQueryOptions } from '../api/get-market-pages.js';
import { userVotesQueryOptions } from '../api/get-user-votes.js';
import { MarketCardSkeleton } from './market-card.js';
import { GRID, MarketGrid } from './market-grid.js';
import * as marketsCopy from '../../../copy/markets.js';

/** Trending first; otherwise the server's order is kept so live updates never reshuffle the grid. */
function trendingFirst(markets: readonly Market[]): Market[] {
  return markets.slice().sort((a, b) => Number(b.trending) - Number(a.trending));
}

/**
 * The home's predictions (docs/decisions/043-catalogue-in-pages.md). The list arrives in pages, the next one asked
 * for as the visitor nears the end. When every page is in the browser (a small catalogue: the demo's fits in the
 * server's first page) search and filters run here, at once, with the rule the server uses; otherwise they go to
 * the server, which answers the first page of the matches. Without network it runs here on the pages the device
 * holds, and says so: « Aucune prédiction trouvée » must never stand for « no network ».
 */
export function MarketList({ filters }: { filters: MarketFilters }) {
  const votes = useQuery(userVotesQueryOptions);
  const now = useNow();
  const userVotes = votes.data ?? EMPTY_VOTES;
  const all = useInfiniteQuery(marketPagesQueryOptions(ALL_MARKETS));
  const whole = all.data !== undefined && !all.hasNextPage;
  // No pause after a keystroke: the search goes to the server at once, at low priority (typing is drawn first, and a
  // keystroke that comes before the answer interrupts it), and the superseded request is cancelled (its query loses
  // its observer). A keystroke's result is due within 100 ms (BENCHMARKS.md, catalogue).
  const serverFilters = useDeferredValue(filters);
  const onServer = !whole && !isUnfiltered(serverFilters) && !isUnfiltered(filters);
  // Offline, no search is sent: the worker keeps no copy of a search's answer.
  const offline = useIsOffline();
  const filtered = useInfiniteQuery({
    ...marketPagesQueryOptions(serverFilters),
    enabled: onServer && !offline,
    placeholderData: keepPreviousData,
  });
  const searchHere = onServer && offline;
  const markets = onServer && !searchHere ? filtered : all;

  const visible = useMemo(() => {
    const items = itemsOf(markets.data);
    return whole || searchHere ? trendingFirst(filterMarkets(items, filters, userVotes)) : items;
  }, [markets.data, whole, searchHere, filters, userVotes]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = markets;
  const loadMore = useMemo(
    // Offline the list ends with the pages held here (searched or not): no next page is to be had, so none is asked
    // for nor offered; the offline banner says why.
    () => (hasNextPage && !isFetchingNextPage && !offline ? () => void fetchNextPage({ cancelRefetch: false }) : null),
    [hasNextPage, isFetchingNextPage, offline, fetchNextPage],
  );

  if (markets.isPending) {
    return (
      <div role="status" aria-label={marketsCopy.marketListChargementDesPredictions} className={GRID}>
        {Array.from({ length: HOME_SKELETON_COUNT }, (_, index) => (
          <MarketCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  // A read that failed with the list already on screen (the live stream reads it again when the network drops) keeps
  // that list: the offline banner says it may be out of date.
  if (markets.isError && markets.data === undefined) {
    // The specification's reload: the error line keeps its text, the button asks the server again.
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/50">
        <p role="alert" className="min-w-0 flex-1 basis-56 font-medium text-red-700 dark:text-red-300">
          {marketsCopy.marketListErreur}
          {errorText(markets.error)}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={markets.isFetching}
          onClick={() => void markets.refetch()}
          className="border-red-300 text-red-800 hover:bg-red-100 dark:border-red-800 dark:bg-red-950 dark:text-red-200 dark:hover:bg-red-900"
        >
          <RotateCw aria-hidden="true" className={markets.isFetching ? 'size-4 motion-safe:animate-spin' : 'size-4'} />
          {marketsCopy.marketListReessayer}
        </Button>
      </div>
    );
  }

  const heldCount = searchHere ? itemsOf(all.data).length : 0;
  const offlineNote = searchHere ? (
    <p
      role="status"
      data-testid="offline-search-note"
      className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-200"
    >
      {frenchTypography(marketsCopy.marketListRechercheHorsConnexion(formatCount(heldCount), heldCount > 1))}
    </p>
  ) : null;

  if (visible.length === 0) {
    return (
      <>
        {offlineNote}
        <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
            <SearchX aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 text-lg font-bold text-slate-900 dark:text-white">{marketsCopy.marketListAucunePredictionTrouvee}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{marketsCopy.marketListEssayezDeModifierVos}</p>
        </div>
      </>
    );
  }

  return (
    <>
      {offlineNote}
      <MarketGrid
        markets={visible}
        userVotes={userVotes}
        votesLoading={votes.isPending}
        now={now}
        loadMore={loadMore}
        // A next page that failed is not asked for again by itself, each time the read ends (a loop on a server in
        // trouble or a network that the device still believes up): « Afficher plus de prédictions » tries again.
        loadsAhead={!isFetchNextPageError}
        loadingMore={isFetchingNextPage && !offline}
      />
    </>
  );
}

const EMPTY_VOTES: ReadonlyMap<string, VoteType> = new Map<string, VoteType>();
