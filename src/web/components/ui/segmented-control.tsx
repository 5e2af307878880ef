import { cn } from './cn.js';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
}

/** A row of mutually exclusive choices (radio group semantics, one tab stop, arrow keys move). */
export function SegmentedControl<T extends string>({
  options,
  value,
  onChange,
  label,
  className,
}: {
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  className?: string;
}) {
  function move(delta: number, from: number, group: HTMLElement | null) {
    const index = (from + delta + options.length) % options.length;
    const next = options[index];
    if (!next) return;
    onChange(next.value);
    const target = group?.children[index];
    if (target instanceof HTMLElement) target.focus();
  }
  return (
    <div
      role="radiogroup"
      aria-label={label}
      // Wraps onto a second row rather than running past a narrow screen (a phone at 200 % zoom).
      className={cn('inline-flex max-w-full flex-wrap rounded-xl bg-slate-100 p-1 dark:bg-slate-800/80', className)}
    >
      {options.map((option, index) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
                event.preventDefault();
                move(1, index, event.currentTarget.parentElement);
              } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
                event.preventDefault();
                move(-1, index, event.currentTarget.parentElement);
              }
            }}
            className={cn(
              'h-8 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors',
              selected
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
