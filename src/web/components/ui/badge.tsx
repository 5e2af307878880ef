import type { HTMLAttributes } from 'react';
import { cn } from './cn.js';

export type BadgeTone = 'neutral' | 'brand' | 'trending' | 'yes' | 'no' | 'warning' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  brand: 'bg-ocean-100 text-ocean-900 dark:bg-ocean-950 dark:text-ocean-200',
  trending: 'bg-lava-100 text-lava-800 dark:bg-lava-900/60 dark:text-lava-200',
  yes: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  no: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
  warning: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  danger: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

/** Small pill; pass `className` with a category colour to override the tone. */
export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
