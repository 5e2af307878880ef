import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { SEARCH_CHIPS } from '../../shared/categories.js';
import { CHIP_SCROLL_STEP_PX } from '../../shared/constants.js';
import type { VoteFilter } from '../../shared/search.js';
import { cn } from '../components/ui/cn.js';
import { SegmentedControl } from '../components/ui/segmented-control.js';
import { prefersReducedMotion } from '../lib/use-media-query.js';
import { useScrollEdges } from '../lib/use-scroll-edges.js';
import * as shellCopy from '../copy/shell.js';

export const VOTE_FILTER_OPTIONS = [
  { value: 'all', label: shellCopy.searchFilterBarTous },
  { value: 'voted', label: shellCopy.searchFilterBarVotes },
  { value: 'not-voted', label: shellCopy.searchFilterBarNonVotes },
] as const satisfies readonly { value: VoteFilter; label: string }[];

export interface SearchFilterBarProps {
  search: string;
  onSearchChange: (value: string) => void;
  voteFilter: VoteFilter;
  onVoteFilterChange: (value: VoteFilter) => void;
}

export function SearchFilterBar({ search, onSearchChange, voteFilter, onVoteFilterChange }: SearchFilterBarProps) {
  const { ref: rowRef, edges: canScroll } = useScrollEdges<HTMLUListElement>();

  function scrollChips(direction: 1 | -1) {
    rowRef.current?.scrollBy({ left: direction * CHIP_SCROLL_STEP_PX, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }

  const activeChip = search.trim();
  return (
    <section aria-label={shellCopy.searchFilterBarRechercheEtFiltres} className="flex flex-col gap-3">
      <label className="relative block">
        <span className="sr-only">{shellCopy.searchFilterBarRechercherUnePrediction}</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder={shellCopy.searchFilterBarRechercherUnePrediction2}
          enterKeyHint="search"
          // Room on the right for the clear button only when there is one: the whole placeholder then fits at 320 px.
          className={cn(
            'h-12 w-full rounded-2xl border border-slate-200 bg-white pl-10 text-base text-slate-900 shadow-soft placeholder:text-slate-500 focus:border-ocean-400 focus:ring-4 focus:ring-ocean-100 focus:outline-none dark:border-slate-800 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400 dark:focus:ring-ocean-950',
            search === '' ? 'pr-3' : 'pr-11',
          )}
        />
        {search !== '' && (
          <button
            type="button"
            onClick={() => onSearchChange('')}
            aria-label={shellCopy.searchFilterBarEffacerLaRecherche}
            className="absolute top-1/2 right-2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </label>

      <div className="flex items-center gap-3">
        <div className="relative min-w-0 flex-1">
          {canScroll.left && (
            <button
              type="button"
              onClick={() => scrollChips(-1)}
              aria-label={shellCopy.searchFilterBarFaireDefilerLesSuggestions}
              className="absolute top-1/2 left-0 z-10 hidden size-8 -translate-y-1/2 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-soft hover:text-slate-900 lg:inline-flex dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </button>
          )}
          <ul
            ref={rowRef}
            aria-label={shellCopy.searchFilterBarRecherchesSuggerees}
            className={cn(
              'scrollbar-none flex gap-2 overflow-x-auto scroll-smooth py-0.5',
              canScroll.left && 'lg:pl-10',
              canScroll.right && 'lg:pr-10',
            )}
          >
            {SEARCH_CHIPS.map((chip) => {
              const isActive = activeChip === chip;
              return (
                <li key={chip} className="shrink-0">
                  <button
                    type="button"
                    aria-pressed={isActive}
                    onClick={() => onSearchChange(isActive ? '' : chip)}
                    className={cn(
                      'h-8 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors',
                      isActive
                        ? 'border-ocean-700 bg-ocean-700 text-white dark:border-ocean-400 dark:bg-ocean-400 dark:text-slate-950'
                        : 'border-slate-200 bg-white text-slate-700 hover:border-ocean-300 hover:text-ocean-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 dark:hover:border-ocean-700 dark:hover:text-ocean-200',
                    )}
                  >
                    {chip}
                  </button>
                </li>
              );
            })}
          </ul>
          {canScroll.right && (
            <button
              type="button"
              onClick={() => scrollChips(1)}
              aria-label={shellCopy.searchFilterBarFaireDefilerLesSuggestions2}
              className="absolute top-1/2 right-0 z-10 hidden size-8 -translate-y-1/2 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-soft hover:text-slate-900 lg:inline-flex dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
        <div className="hidden shrink-0 lg:block">
          <SegmentedControl
            label={shellCopy.searchFilterBarFiltrerParVote}
            options={VOTE_FILTER_OPTIONS}
            value={voteFilter}
            onChange={onVoteFilterChange}
          />
        </div>
      </div>
    </section>
  );
}
