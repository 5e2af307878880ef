import type { HTMLAttributes, Ref } from 'react';
import { cn } from './cn.js';

/** Surface classes shared by every card-like block, so panels and cards look alike. */
export const surfaceClass = 'rounded-2xl border border-slate-200/80 bg-white shadow-soft dark:border-slate-800 dark:bg-slate-900';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  interactive?: boolean;
  ref?: Ref<HTMLDivElement>;
}

export function Card({ interactive = false, className, ...props }: CardProps) {
  return (
    <div
      className={cn(
        surfaceClass,
        interactive &&
          'transition duration-200 hover:-translate-y-0.5 hover:border-ocean-300 hover:shadow-lift dark:hover:border-ocean-700',
        className,
      )}
      {...props}
    />
  );
}
