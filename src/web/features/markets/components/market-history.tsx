import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  drawnShareAt,
  HISTORY_MIN_SAMPLE,
  HISTORY_RANGE_LABELS,
  HISTORY_RANGES,
  historySummary,
  votesInRange,
  type HistoryPoint,
  type HistoryRange,
} from '../../../../shared/history.js';
import type { Market } from '../../../../shared/market.js';
import { SegmentedControl } from '../../../components/ui/segmented-control.js';
import { ShareChart } from '../../../components/ui/share-chart.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { errorText } from '../../../lib/api-client.js';
import { formatCount, formatHistoryStart } from '../../../lib/format.js';
import { marketHistoryQueryOptions } from '../api/get-market-history.js';

const RANGE_OPTIONS = HISTORY_RANGES.map((value) => ({ value, label: HISTORY_RANGE_LABELS[value] }));

/** How the OUI share moved, by period: a curve, its one-sentence summary, or why there is no curve yet. */
export function MarketHistory({ market, open }: { market: Market; open: boolean }) {
  // An open prediction is followed over the last week; a closed one is looked back on as a whole.
  const [range, setRange] = useState<HistoryRange>(open ? '7d' : 'all');
  const history = useQuery(marketHistoryQueryOptions(market.id, range));
  // The server's last point is "now" when it answered; the live counts keep it now.
  const points: HistoryPoint[] | undefined = history.data && [
    ...history.data.points.slice(0, -1),
    { at: new Date().toISOString(), yesVotes: market.yesVotes, noVotes: market.noVotes },
  ];

  return (
    <section
      aria-labelledby="history-title"
      className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-soft dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="history-title" className="text-base font-bold text-slate-900 dark:text-white">
          Évolution du OUI
        </h2>
        <SegmentedControl options={RANGE_OPTIONS} value={range} onChange={setRange} label="Période" />
      </div>
      <div className="mt-4" aria-live="polite">
        {history.isPending ? (
          <div role="status" aria-label="Chargement de l’évolution">
            <Skeleton className="h-44 w-full rounded-xl" />
          </div>
        ) : history.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            Erreur: {errorText(history.error)}
          </p>
        ) : (
          <HistoryBody points={points ?? []} range={range} />
        )}
      </div>
    </section>
  );
}

function HistoryBody({ points, range }: { points: HistoryPoint[]; range: HistoryRange }) {
  // "All" starts before the first vote: every vote is inside it.
  const last = points[points.length - 1];
  const count = range === 'all' ? (last ? last.yesVotes + last.noVotes : 0) : votesInRange(points);
  const summary = historySummary(points, range);
  if (count < HISTORY_MIN_SAMPLE || summary === null) {
    return (
      <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
        Échantillon encore trop petit : {count === 0 ? 'aucun vote' : `${formatCount(count)} ${count > 1 ? 'votes' : 'vote'}`} sur
        cette période. La courbe s’affiche à partir de {HISTORY_MIN_SAMPLE} votes.
      </p>
    );
  }
  return (
    <div>
      <p className="text-sm font-semibold text-slate-800 dark:text-slate-200" data-testid="history-summary">
        {summary}
      </p>
      <div className="mt-3">
        <ShareChart
          times={points.map((point) => Date.parse(point.at))}
          series={[
            {
              key: 'yes',
              values: points.map(drawnShareAt),
              strokeClassName: 'stroke-emerald-600 dark:stroke-emerald-400',
              areaClassName: 'fill-emerald-500/10 dark:fill-emerald-400/10',
            },
          ]}
          label={summary}
          formatStart={(time) => formatHistoryStart(time, range)}
        />
      </div>
    </div>
  );
}
