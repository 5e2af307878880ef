import { cn } from './cn.js';

/** A grey placeholder block; screen readers skip it (the container announces the loading state). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-shimmer rounded-lg bg-slate-200 dark:bg-slate-800', className)} />;
}
