import { useId } from 'react';
import { cn } from '../../../components/ui/cn.js';
import { sparklinePoints, sparklineValues } from '../lib/news-format.js';

const WIDTH = 96;
const HEIGHT = 32;

/** A small trend line of an item's views: rising green, falling red. Decorative (the % says it). */
export function Sparkline({ change, seed, className }: { change: number; seed: string; className?: string }) {
  const gradientId = useId();
  const rising = change > 0;
  const points = sparklinePoints(sparklineValues(change, seed), WIDTH, HEIGHT);
  const area = `2,${HEIGHT} ${points} ${WIDTH - 2},${HEIGHT}`;
  return (
    <svg
      aria-hidden="true"
      data-testid="news-sparkline"
      data-trend={rising ? 'up' : 'down'}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      className={cn(rising ? 'text-emerald-600 dark:text-emerald-400' : 'text-rose-600 dark:text-rose-400', className)}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="currentColor" stopOpacity="0.25" />
          <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      <polygon points={area} fill={`url(#${gradientId})`} />
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
