import Landmark from 'lucide-react/icons/landmark';
import Vote from 'lucide-react/icons/vote';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { MUNICIPAL_SKELETON_COUNT } from '../../../../shared/constants.js';
import type { Commune } from '../../../../shared/municipal.js';
import { BackButton } from '../../../components/ui/back-button.js';
import { cn } from '../../../components/ui/cn.js';
import { SegmentedControl } from '../../../components/ui/segmented-control.js';
import { onStreamReconnect, subscribeToStream } from '../../../lib/stream.js';
import { applyCommuneUpdate } from '../api/apply-commune-update.js';
import { useCommunes } from '../api/get-communes.js';
import { useMunicipalVotes } from '../api/get-municipal-votes.js';
import { municipalKeys } from '../api/query-keys.js';
import { useAppHeaderHeight } from '../hooks/use-app-header-height.js';
import { useHeaderVisibility } from '../hooks/use-header-visibility.js';
import { hasVotedIn } from '../lib/commune-cache.js';
import { sortCommunes, splitByTrending, type CommuneSort } from '../lib/sort-communes.js';
import { CommuneCard, CommuneCardSkeleton } from './commune-card.js';
import { CommuneDetail } from './commune-detail.js';
import * as municipalCopy from '../../../copy/municipal.js';

const SORT_OPTIONS = [
  { value: 'votes', label: municipalCopy.municipalPagePlusDeVotes },
  { value: 'random', label: municipalCopy.municipalPageAleatoire },
] as const;

// An explicit minmax(0, 1fr) column: a long candidate name (truncated in its card) must not widen the grid, and with
// it the whole page and every sheet opened over it, past a phone's screen.
const GRID = 'grid grid-cols-1 gap-3 sm:gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

function communeCountLabel(count: number): string {
  return municipalCopy.municipalPageCommuneCount(count);
}

/** Keeps the list and an open detail current with the live stream while the page is shown. */
function useMunicipalStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = subscribeToStream('municipal', (commune) => applyCommuneUpdate(queryClient, commune));
    const stopReconnect = onStreamReconnect(() => void queryClient.invalidateQueries({ queryKey: municipalKeys.all }));
    return () => {
      stop();
      stopReconnect();
    };
  }, [queryClient]);
}

/**
 * "Élections Municipales": every commune of the island, a sort toggle, and the vote sheet. Which sheet is open
 * is the address's (`#commune-<insee>`), so a commune can be shared and Back closes it; an unknown one opens none.
 */
export function MunicipalPage({
  onBack,
  communeId,
  onOpenCommune,
  onCloseCommune,
}: {
  onBack: () => void;
  communeId: string | null;
  onOpenCommune: (id: string) => void;
  onCloseCommune: () => void;
}) {
  useMunicipalStream();
  const communes = useCommunes();
  const votes = useMunicipalVotes();
  const headerVisible = useHeaderVisibility();
  const appHeaderHeight = useAppHeaderHeight();
  const [sort, setSort] = useState<CommuneSort>('votes');
  const [randomKeys, setRandomKeys] = useState<ReadonlyMap<string, number>>(new Map());

  // A failed load is silently ignored: the list then shows as empty (the specification's rule).
  const list = useMemo<Commune[]>(() => (communes.isError ? [] : (communes.data ?? [])), [communes.data, communes.isError]);
  const sorted = useMemo(
    () => sortCommunes(list, sort, (id) => randomKeys.get(id) ?? Number.POSITIVE_INFINITY),
    [list, sort, randomKeys],
  );
  const { trending, others } = useMemo(() => splitByTrending(sorted), [sorted]);
  const openCommune = communeId ? list.find((commune) => commune.id === communeId) : undefined;
  const loading = communes.isPending;

  function changeSort(next: CommuneSort) {
    // Choosing "Aléatoire" (again) draws a new order; it then holds while counts change live.
    if (next === 'random') setRandomKeys(new Map(list.map((commune) => [commune.id, Math.random()])));
    setSort(next);
  }

  function renderCards(items: readonly Commune[]) {
    return (
      <div className={GRID}>
        {items.map((commune) => (
          <CommuneCard
            key={commune.id}
            commune={commune}
            voted={hasVotedIn(votes.data, commune.id)}
            onOpen={() => onOpenCommune(commune.id)}
          />
        ))}
      </div>
    );
  }

  return (
    <div>
      <div
        data-testid="municipal-header"
        data-visible={headerVisible}
        style={{ top: appHeaderHeight, transform: headerVisible ? undefined : `translateY(calc(-100% - ${appHeaderHeight}px))` }}
        className={cn(
          'sticky z-20 -mx-4 -mt-5 short:static short:transform-none! border-b border-slate-200/70 bg-slate-50/90 px-4 pt-4 pb-3 backdrop-blur-md transition-transform duration-300 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-800/80 dark:bg-slate-950/90',
          !headerVisible && 'pointer-events-none',
        )}
      >
        <BackButton onClick={onBack} />
        <div className="mt-1 flex flex-wrap items-end justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span
              aria-hidden="true"
              className="hidden size-12 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-ocean-600 via-ocean-700 to-lava-600 text-white shadow-soft min-[280px]:grid"
            >
              <Landmark className="size-6" />
            </span>
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight wrap-break-word hyphens-auto text-slate-900 sm:text-3xl dark:text-white">
                {municipalCopy.municipalPageElectionsMunicipales}
              </h1>
              <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-400">
                <span>{municipalCopy.municipalPageIleDeLaReunion}</span>
                {!loading && (
                  <span
                    data-testid="commune-count"
                    className="rounded-full bg-ocean-100 px-2 py-0.5 text-xs font-semibold text-ocean-900 dark:bg-ocean-950 dark:text-ocean-200"
                  >
                    {communeCountLabel(list.length)}
                  </span>
                )}
              </p>
            </div>
          </div>
          <SegmentedControl
            label={municipalCopy.municipalPageTrierLesCommunes}
            options={SORT_OPTIONS}
            value={sort}
            onChange={changeSort}
          />
        </div>
      </div>

      <div className="mt-5">
        {loading ? (
          <div role="status" aria-live="polite">
            <span className="sr-only">{municipalCopy.municipalPageChargementDesElections}</span>
            <div className={GRID}>
              {Array.from({ length: MUNICIPAL_SKELETON_COUNT }, (_, index) => (
                <CommuneCardSkeleton key={index} />
              ))}
            </div>
          </div>
        ) : list.length === 0 ? (
          <div
            data-testid="municipal-empty"
            className="mx-auto flex max-w-md flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white/60 px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900/50"
          >
            <span
              aria-hidden="true"
              className="grid size-14 place-items-center rounded-2xl bg-ocean-100 text-ocean-700 dark:bg-ocean-950 dark:text-ocean-300"
            >
              <Vote className="size-7" />
            </span>
            <h2 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">
              {municipalCopy.municipalPageAucuneElectionDisponible}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {municipalCopy.municipalPageLesElectionsMunicipalesSeront}
            </p>
          </div>
        ) : (
          <div className="space-y-8">
            {trending.length > 0 && (
              <section aria-labelledby="municipal-trending" data-testid="municipal-trending">
                <h2 id="municipal-trending" className="mb-3 text-lg font-bold text-slate-900 dark:text-white">
                  <span aria-hidden="true">🔥 </span>
                  {municipalCopy.municipalPageEnTendance}
                </h2>
                {renderCards(trending)}
              </section>
            )}
            {others.length > 0 && (
              <section
                aria-labelledby={trending.length > 0 ? 'municipal-all' : undefined}
                aria-label={trending.length > 0 ? undefined : municipalCopy.municipalPageCommunes}
                data-testid="municipal-all"
              >
                {trending.length > 0 && (
                  <h2 id="municipal-all" className="mb-3 text-lg font-bold text-slate-900 dark:text-white">
                    {municipalCopy.municipalPageToutesLesCommunes}
                  </h2>
                )}
                {renderCards(others)}
              </section>
            )}
          </div>
        )}
      </div>

      {openCommune && <CommuneDetail key={openCommune.id} commune={openCommune} onClose={onCloseCommune} />}
    </div>
  );
}
