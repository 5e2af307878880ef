import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  drawnShareAt,
  HISTORY_MIN_SAMPLE,
  historySummary,
  votesInRange,
  type HistoryPoint,
  type HistoryRange,
} from '../../../../shared/history.js';
import type { Market } from '../../../../shared/market.js';
import { HistoryPanel, SmallSampleNotice } from '../../../components/ui/history-panel.js';
import { ShareChart } from '../../../components/ui/share-chart.js';
import { errorText } from '../../../lib/api-client.js';
import { formatHistoryStart } from '../../../../shared/format.js';
import { marketHistoryQueryOptions } from '../api/get-market-history.js';
import * as marketDetailCopy from '../../../copy/market-detail.js';

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
    <HistoryPanel
      id="history-title"
      title={marketDetailCopy.marketHistoryEvolutionDuOui}
      headingLevel={2}
      range={range}
      onRangeChange={setRange}
      loading={history.isPending}
      error={history.isError ? errorText(history.error) : null}
      className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-soft dark:border-slate-800 dark:bg-slate-900"
    >
      <HistoryBody points={points ?? []} range={range} />
    </HistoryPanel>
  );
}

function HistoryBody({ points, range }: { points: HistoryPoint[]; range: HistoryRange }) {
  // "All" starts before the first vote: every vote is inside it.
  const last = points[points.length - 1];
  const count = range === 'all' ? (last ? last.yesVotes + last.noVotes : 0) : votesInRange(points);
  const summary = historySummary(points, range);
  if (count < HISTORY_MIN_SAMPLE || summary === null) {
    return <SmallSampleNotice count={count} />;
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
