import type { ReactNode } from 'react';
import { HISTORY_MIN_SAMPLE, HISTORY_RANGE_LABELS, HISTORY_RANGES, type HistoryRange } from '../../../shared/history.js';
import { cn } from './cn.js';
import { SegmentedControl } from './segmented-control.js';
import { Skeleton } from './skeleton.js';
import * as historyCopy from '../../copy/history.js';

const RANGE_OPTIONS = HISTORY_RANGES.map((value) => ({ value, label: HISTORY_RANGE_LABELS[value] }));

/**
 * The frame of a history (a prediction's, a commune's): its title, the period picker (24 h, 7 j, 30 j, Tout;
 * a radio group the arrow keys move), then the loading state, the error in French, or `children`.
 */
export function HistoryPanel({
  id,
  title,
  headingLevel,
  range,
  onRangeChange,
  loading,
  error,
  className,
  children,
}: {
  id: string;
  title: string;
  headingLevel: 2 | 3;
  range: HistoryRange;
  onRangeChange: (range: HistoryRange) => void;
  loading: boolean;
  /** The French text of a failed load, null otherwise. */
  error: string | null;
  className?: string;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={id} className="text-base font-bold text-slate-900 dark:text-white">
          {title}
        </Heading>
        <SegmentedControl
          options={RANGE_OPTIONS}
          value={range}
          onChange={onRangeChange}
          label={historyCopy.historyPanelPeriode}
        />
      </div>
      <div className="mt-4" aria-live="polite">
        {loading ? (
          <div role="status" aria-label={historyCopy.historyPanelChargementDeLEvolution}>
            <Skeleton className="h-44 w-full rounded-xl" />
          </div>
        ) : error !== null ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {historyCopy.historyPanelErreur}
            {error}
          </p>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/** Said instead of a curve when the period holds fewer than HISTORY_MIN_SAMPLE votes. */
export function SmallSampleNotice({ count, className }: { count: number; className?: string }) {
  const votes =
    count === 0
      ? historyCopy.historyPanelAucunVote
      : historyCopy.historyPanelVotesCount(new Intl.NumberFormat('fr-FR').format(count), count > 1);
  return (
    <p className={cn('rounded-xl bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300', className)}>
      {historyCopy.historyPanelEchantillonEncoreTropPetit}
      {votes} {historyCopy.historyPanelSurCettePeriodeLa}
      {HISTORY_MIN_SAMPLE} {historyCopy.historyPanelVotes}
    </p>
  );
}
