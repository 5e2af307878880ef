import { frenchTypography, NARROW_NBSP } from '../../../../shared/format.js';
import { isProbabilityFavourable, probabilityLabel, type MarketCounts } from '../../../../shared/market.js';
import { cn } from '../../../components/ui/cn.js';
import * as marketsCopy from '../../../copy/markets.js';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** OUI probability: "<1" under one percent; green from 50 %, red below. `yesShare` draws the ring. */
export function ProbabilityRing({ yesShare, counts }: { yesShare: number; counts: MarketCounts }) {
  const favourable = isProbabilityFavourable(yesShare);
  const label = probabilityLabel(counts);
  const dash = (Math.min(100, Math.max(0, yesShare)) / 100) * CIRCUMFERENCE;
  return (
    <figure className="flex flex-wrap items-center gap-x-5 gap-y-2 lg:flex-col lg:gap-2">
      <div className="relative size-28 shrink-0 lg:size-36">
        <svg viewBox="0 0 120 120" aria-hidden="true" className="size-full -rotate-90">
          <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="12" className="stroke-slate-100 dark:stroke-slate-800" />
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="12"
            strokeLinecap="round"
            strokeDasharray={`${dash} ${CIRCUMFERENCE}`}
            className={cn(
              'transition-[stroke-dasharray] duration-700 ease-out',
              favourable ? 'stroke-emerald-500 dark:stroke-emerald-400' : 'stroke-rose-500 dark:stroke-rose-400',
            )}
          />
        </svg>
        <div className="absolute inset-0 flex flex-col items-center justify-center">
          <span
            data-testid="probability-value"
            data-favourable={favourable}
            className={cn(
              'text-3xl font-black tabular-nums lg:text-4xl',
              favourable ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400',
            )}
          >
            {label}
            <span className="text-xl">{NARROW_NBSP}%</span>
          </span>
          <span className="text-xs font-semibold text-slate-600 dark:text-slate-400">{marketsCopy.probabilityRingDeOui}</span>
        </div>
      </div>
      <figcaption className="min-w-32 flex-1 text-sm text-slate-600 lg:flex-none lg:text-center dark:text-slate-300">
        <span className="sr-only">{frenchTypography(marketsCopy.probabilityRingProbabiliteDeOui(label))}</span>
        {yesShare === 50
          ? marketsCopy.probabilityRingLesAvisSontPartages
          : favourable
            ? marketsCopy.probabilityRingLesParticipantsPenchentPour
            : marketsCopy.probabilityRingLesParticipantsPenchentPour2}
      </figcaption>
    </figure>
  );
}
