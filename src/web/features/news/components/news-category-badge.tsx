import { Badge } from '../../../components/ui/badge.js';
import type { NewsCategory } from '../../../../shared/news.js';
import { NEWS_CATEGORY_LABELS } from '../lib/news-format.js';

const CATEGORY_COLORS: Record<NewsCategory, string> = {
  weather: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  transport: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  health: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
  politics: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200',
  culture: 'bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-950 dark:text-fuchsia-200',
  economy: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
};

export function NewsCategoryBadge({ category }: { category: NewsCategory }) {
  return <Badge className={CATEGORY_COLORS[category]}>{NEWS_CATEGORY_LABELS[category]}</Badge>;
}
