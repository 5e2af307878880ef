import type { AlertColour } from '../../../../shared/news.js';

/** The colours of an alert's level, in the news page's box and in the banner above the home and the news. */
export const ALERT_STYLES: Record<AlertColour, { box: string; icon: string; badge: string }> = {
  yellow: {
    box: 'border-yellow-200 bg-yellow-50 dark:border-yellow-900/70 dark:bg-yellow-950/40',
    icon: 'bg-yellow-400 text-yellow-950',
    badge: 'bg-yellow-300 text-yellow-950',
  },
  orange: {
    box: 'border-orange-200 bg-orange-50 dark:border-orange-900/70 dark:bg-orange-950/40',
    icon: 'bg-orange-500 text-white dark:text-orange-950',
    badge: 'bg-orange-700 text-white dark:bg-orange-400 dark:text-orange-950',
  },
  red: {
    box: 'border-red-200 bg-red-50 dark:border-red-900/70 dark:bg-red-950/40',
    icon: 'bg-red-600 text-white',
    badge: 'bg-red-700 text-white',
  },
  violet: {
    box: 'border-violet-200 bg-violet-50 dark:border-violet-900/70 dark:bg-violet-950/40',
    icon: 'bg-violet-700 text-white',
    badge: 'bg-violet-700 text-white',
  },
  grey: {
    box: 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60',
    icon: 'bg-slate-600 text-white',
    badge: 'bg-slate-700 text-white',
  },
};
