import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from './cn.js';

export type ButtonVariant = 'primary' | 'yes' | 'no' | 'secondary' | 'ghost' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-ocean-700 text-white shadow-sm hover:bg-ocean-800 active:bg-ocean-900 dark:bg-ocean-500 dark:text-slate-950 dark:hover:bg-ocean-400',
  yes: 'bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 active:bg-emerald-900 dark:bg-emerald-500 dark:text-slate-950 dark:hover:bg-emerald-400',
  no: 'bg-rose-700 text-white shadow-sm hover:bg-rose-800 active:bg-rose-900 dark:bg-rose-500 dark:text-slate-950 dark:hover:bg-rose-400',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  outline:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm gap-1.5',
  md: 'h-11 px-4 text-sm gap-2',
  lg: 'h-12 px-5 text-base gap-2',
  icon: 'h-10 w-10',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

/** The one button of the product: 44 px tall by default so it is easy to hit on a phone. */
export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-xl font-semibold transition-colors duration-150 select-none disabled:cursor-not-allowed disabled:opacity-50',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
