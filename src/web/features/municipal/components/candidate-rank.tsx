import { cn } from '../../../components/ui/cn.js';

const RANK_STYLES = [
  'bg-gradient-to-br from-amber-300 to-amber-500 text-amber-950 ring-amber-200 dark:ring-amber-700/60',
  'bg-gradient-to-br from-slate-200 to-slate-400 text-slate-900 ring-slate-100 dark:ring-slate-600/60',
  'bg-gradient-to-br from-orange-300 to-orange-500 text-orange-950 ring-orange-200 dark:ring-orange-800/60',
] as const;

/** The candidate's place: gold, silver and bronze discs, named "1er", "2e"… for assistive technologies. */
export function CandidateRank({ rank, className }: { rank: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`${rank}${rank === 1 ? 'er' : 'e'}`}
      className={cn(
        'grid size-7 shrink-0 place-items-center rounded-full text-xs font-black tabular-nums ring-2',
        RANK_STYLES[rank - 1] ??
          'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700',
        className,
      )}
    >
      {rank}
    </span>
  );
}

/** A thin bar showing a share of the commune's votes. */
export function ShareBar({ share, rank, className }: { share: number; rank: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cn('h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800', className)}>
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-500',
          rank === 1 ? 'bg-ocean-500' : rank === 2 ? 'bg-ocean-400/80' : 'bg-ocean-300/80 dark:bg-ocean-600/80',
        )}
        style={{ width: `${Math.min(100, Math.max(0, share))}%` }}
      />
    </div>
  );
}
