import { drawnShareAt, type HistoryPoint } from '../../../../shared/history.js';

const WIDTH = 600;
const HEIGHT = 200;

/**
 * The OUI share over time as a plain SVG line (no chart library: one path is all it takes). Stretched to
 * the width of its box; strokes keep their width. The points before the first 20 votes are left out. Screen
 * readers get `summary`, the same sentence shown above the chart.
 */
export function HistoryChart({ points, summary }: { points: readonly HistoryPoint[]; summary: string }) {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const start = Date.parse(first.at);
  const span = Math.max(1, Date.parse(last.at) - start);
  const coordinates = points.flatMap((point) => {
    const share = drawnShareAt(point);
    if (share === null) return [];
    const x = ((Date.parse(point.at) - start) / span) * WIDTH;
    const y = HEIGHT - (share / 100) * HEIGHT;
    return [`${x.toFixed(1)},${y.toFixed(1)}`];
  });
  const line = coordinates.length > 0 ? `M${coordinates.join('L')}` : '';
  const firstX = coordinates[0]?.split(',')[0];
  const lastX = coordinates[coordinates.length - 1]?.split(',')[0];
  const area = line && firstX && lastX ? `${line}L${lastX},${HEIGHT}L${firstX},${HEIGHT}Z` : '';
  return (
    <div className="relative pl-12">
      <div
        aria-hidden="true"
        className="absolute inset-y-0 left-0 flex w-10 flex-col justify-between text-right text-xs whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400"
      >
        <span className="-translate-y-1/2">100 %</span>
        <span>50 %</span>
        <span className="translate-y-1/2">0 %</span>
      </div>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full overflow-visible sm:h-48"
      >
        <line
          x1="0"
          x2={WIDTH}
          y1="0"
          y2="0"
          className="stroke-slate-200 dark:stroke-slate-700"
          vectorEffect="non-scaling-stroke"
        />
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT / 2}
          y2={HEIGHT / 2}
          strokeDasharray="4 4"
          className="stroke-slate-300 dark:stroke-slate-600"
          vectorEffect="non-scaling-stroke"
        />
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT}
          y2={HEIGHT}
          className="stroke-slate-200 dark:stroke-slate-700"
          vectorEffect="non-scaling-stroke"
        />
        {area && <path d={area} className="fill-emerald-500/10 dark:fill-emerald-400/10" />}
        {line && (
          <path
            d={line}
            fill="none"
            strokeWidth="2.5"
            strokeLinejoin="round"
            strokeLinecap="round"
            className="stroke-emerald-600 dark:stroke-emerald-400"
            vectorEffect="non-scaling-stroke"
            data-testid="history-line"
          />
        )}
      </svg>
    </div>
  );
}
