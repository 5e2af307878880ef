import ArrowDownRight from 'lucide-react/icons/arrow-down-right';
import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import { cn } from '../../../components/ui/cn.js';
import { formatViewsChange } from '../lib/news-format.js';
import * as newsPageCopy from '../../../copy/news-page.js';

/** Change in views: green up arrow when positive, red down arrow otherwise. */
export function ViewsChange({ change, className }: { change: number; className?: string }) {
  const rising = change > 0;
  const Icon = rising ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      data-testid="views-change"
      data-trend={rising ? 'up' : 'down'}
      className={cn(
        'inline-flex items-center gap-0.5 font-semibold tabular-nums',
        rising ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" strokeWidth={2.5} />
      <span className="sr-only">{rising ? newsPageCopy.viewsChangeVuesEnHausse : newsPageCopy.viewsChangeVuesEnBaisse}</span>
      {formatViewsChange(change)}
    </span>
  );
}
