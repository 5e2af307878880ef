import * as uiCopy from '../../copy/ui.js';
const WIDTH = 600;
const HEIGHT = 200;

export interface ShareSeries {
  key: string;
  /** Percent per instant (0–100), null where nothing is drawn. */
  values: readonly (number | null)[];
  /** Tailwind stroke classes of the line, light and dark. */
  strokeClassName: string;
  /** Tailwind fill classes of the area under the line, when there is one. */
  areaClassName?: string;
}

/**
 * Shares over time as plain SVG lines (no chart library: a path per series is all it takes), on a fixed
 * 0–100 % scale with the 50 % line dashed. Stretched to the width of its box; strokes keep their width.
 * Screen readers get `label`, the summary the page also shows in words.
 */
export function ShareChart({
  times,
  series,
  label,
  formatStart,
}: {
  times: readonly number[];
  series: readonly ShareSeries[];
  label: string;
  /** The label under the first instant drawn; the last one reads "Maintenant". */
  formatStart: (time: number) => string;
}) {
  // The axis starts where the first line does: a young prediction's empty days would squeeze its curve.
  const firstDrawn = times.findIndex((_, index) => series.some((line) => line.values[index] != null));
  const start = times[Math.max(0, firstDrawn)];
  const end = times[times.length - 1];
  if (start === undefined || end === undefined) return null;
  const span = Math.max(1, end - start);
  return (
    <div>
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
          aria-label={label}
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
          {series.map((line) => {
            const points = line.values.flatMap((value, index) => {
              const at = times[index];
              if (value === null || value === undefined || at === undefined || at < start) return [];
              return [[((at - start) / span) * WIDTH, HEIGHT - (value / 100) * HEIGHT] as const];
            });
            const first = points[0];
            const last = points[points.length - 1];
            if (!first || !last) return null;
            const path = `M${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}`;
            return (
              <g key={line.key}>
                {line.areaClassName && (
                  <path
                    d={`${path}L${last[0].toFixed(1)},${HEIGHT}L${first[0].toFixed(1)},${HEIGHT}Z`}
                    className={line.areaClassName}
                  />
                )}
                <path
                  d={path}
                  fill="none"
                  strokeWidth="2.5"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  className={line.strokeClassName}
                  vectorEffect="non-scaling-stroke"
                  data-testid="history-line"
                />
              </g>
            );
          })}
        </svg>
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between pl-12 text-xs text-slate-500 dark:text-slate-400">
        <span>{formatStart(start)}</span>
        <span>{uiCopy.shareChartMaintenant}</span>
      </div>
    </div>
  );
}
