import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { candidateHistorySummary, candidateSharesAt, HISTORY_MIN_SAMPLE, type HistoryRange } from '../../../../shared/history.js';
import { HistoryPanel, SmallSampleNotice } from '../../../components/ui/history-panel.js';
import { ShareChart } from '../../../components/ui/share-chart.js';
import { errorText } from '../../../lib/api-client.js';
import { formatHistoryStart } from '../../../../shared/format.js';
import { communeHistoryQueryOptions } from '../api/get-commune-history.js';
import * as municipalCopy from '../../../copy/municipal.js';

/** One colour per candidate in today's order (written out so Tailwind keeps them); grey past the eighth. */
const COLOURS = [
  { stroke: 'stroke-ocean-600 dark:stroke-ocean-400', swatch: 'bg-ocean-600 dark:bg-ocean-400' },
  { stroke: 'stroke-amber-500 dark:stroke-amber-400', swatch: 'bg-amber-500 dark:bg-amber-400' },
  { stroke: 'stroke-fuchsia-600 dark:stroke-fuchsia-400', swatch: 'bg-fuchsia-600 dark:bg-fuchsia-400' },
  { stroke: 'stroke-emerald-600 dark:stroke-emerald-400', swatch: 'bg-emerald-600 dark:bg-emerald-400' },
  { stroke: 'stroke-rose-600 dark:stroke-rose-400', swatch: 'bg-rose-600 dark:bg-rose-400' },
  { stroke: 'stroke-indigo-500 dark:stroke-indigo-300', swatch: 'bg-indigo-500 dark:bg-indigo-300' },
  { stroke: 'stroke-lime-600 dark:stroke-lime-400', swatch: 'bg-lime-600 dark:bg-lime-400' },
  { stroke: 'stroke-orange-700 dark:stroke-orange-400', swatch: 'bg-orange-700 dark:bg-orange-400' },
];
const OTHER_COLOUR = { stroke: 'stroke-slate-400 dark:stroke-slate-500', swatch: 'bg-slate-400 dark:bg-slate-500' };

/**
 * Each candidate's share over time in a commune: one line each, and the same in words, candidate by candidate;
 * only the `shown` first candidates, as many as the ballot above lists.
 */
export function CommuneHistory({ communeId, shown }: { communeId: string; shown: number }) {
  const [range, setRange] = useState<HistoryRange>('7d');
  const history = useQuery(communeHistoryQueryOptions(communeId, range));

  return (
    <HistoryPanel
      id={`history-${communeId}`}
      title={municipalCopy.communeHistoryEvolutionDesCandidats}
      headingLevel={3}
      range={range}
      onRangeChange={setRange}
      loading={history.isPending}
      error={history.isError ? errorText(history.error) : null}
      className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800"
    >
      {history.data && <HistoryBody history={history.data} range={range} shown={shown} />}
    </HistoryPanel>
  );
}

function HistoryBody({
  history,
  range,
  shown,
}: {
  history: { candidates: { id: string; name: string }[]; points: { at: string; votes: number[] }[] };
  range: HistoryRange;
  shown: number;
}) {
  const { candidates, points } = history;
  const totalAt = (index: number) => (points[index]?.votes ?? []).reduce((sum, count) => sum + count, 0);
  // "All" starts before the first vote: every vote is inside it.
  const count = range === 'all' ? totalAt(points.length - 1) : totalAt(points.length - 1) - totalAt(0);
  if (count < HISTORY_MIN_SAMPLE || candidates.length === 0) {
    return <SmallSampleNotice count={count} />;
  }
  const sharesByPoint = points.map((point) => candidateSharesAt(point.votes));
  const lines = candidates.slice(0, shown).map((candidate, index) => {
    const shares = sharesByPoint.map((shares) => shares[index] ?? null);
    return {
      candidate,
      shares,
      colour: COLOURS[index] ?? OTHER_COLOUR,
      summary:
        candidateHistorySummary(candidate.name, shares, range) ?? municipalCopy.communeHistoryPasEncoreDePart(candidate.name),
    };
  });
  return (
    <div>
      <ShareChart
        times={points.map((point) => Date.parse(point.at))}
        // The leader last, so its line is drawn on top.
        series={lines
          .map((line) => ({ key: line.candidate.id, values: line.shares, strokeClassName: line.colour.stroke }))
          .reverse()}
        label={lines.map((line) => line.summary).join('. ')}
        formatStart={(time) => formatHistoryStart(time, range)}
      />
      <ul className="mt-3 space-y-1.5 text-sm text-slate-700 dark:text-slate-300" data-testid="history-legend">
        {lines.map((line) => (
          <li key={line.candidate.id} className="flex items-start gap-2">
            <span aria-hidden="true" className={`mt-1.5 h-1 w-4 shrink-0 rounded-full ${line.colour.swatch}`} />
            <span className="min-w-0 [overflow-wrap:anywhere]">{line.summary}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
