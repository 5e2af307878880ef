import CalendarDays from 'lucide-react/icons/calendar-days';
import Newspaper from 'lucide-react/icons/newspaper';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useNow } from '../../../lib/use-now.js';
import { isNewsRecent, rankNews } from '../../../../shared/news.js';
import { useNews } from '../api/get-news.js';
import { useAlertsState } from '../lib/alerts-state.js';
import { formatLongDate } from '../lib/news-format.js';
import { AlertBanner } from './alert-banner.js';
import { NewsItemCard } from './news-item-card.js';
import { NewsSideColumn } from './news-side-column.js';
import * as newsPageCopy from '../../../copy/news-page.js';

function localIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "Actualités": today's date, the news items operators publish, and the weather alerts in force. */
export function NewsPage() {
  // Refreshed every minute: ages roll over and an alert disappears once its end time has passed.
  const now = useNow();
  const news = useNews();
  // Ordered at the page's own clock: an item stops being today's news while the page is open.
  const items = rankNews(news.data?.items ?? [], now);
  const alerts = useAlertsState(now);
  // "aujourd’hui" only over items of the last 24 hours.
  const someRecent = items.some((item) => isNewsRecent(item, now));

  return (
    <div className="w-full">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="flex items-center gap-2 text-sm font-semibold text-ocean-700 dark:text-ocean-300">
            <CalendarDays aria-hidden="true" className="size-4" />
            <time dateTime={localIsoDate(now)} data-testid="news-date" className="first-letter:uppercase">
              {formatLongDate(now)}
            </time>
          </p>
          <h1 className="mt-1 flex items-center gap-2.5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            <Newspaper aria-hidden="true" className="size-7 text-ocean-600 dark:text-ocean-400" />
            {newsPageCopy.newsPageActualites}
          </h1>
          <p data-testid="news-subtitle" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {news.isPending || someRecent ? newsPageCopy.newsPageCeQuiFaitParler : newsPageCopy.newsPageAucunArticleDeMoins}
          </p>
        </div>
      </header>

      <AlertBanner place="news" />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="news-heading">
          <h2 id="news-heading" className="sr-only">
            {newsPageCopy.newsPageLesArticlesLesPlus}
          </h2>
          {news.isPending ? (
            <div role="status" className="space-y-3">
              <span className="sr-only">{newsPageCopy.newsPageChargementDesActualites}</span>
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} className="h-36 rounded-2xl" />
              ))}
            </div>
          ) : news.isError ? (
            <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
              {newsPageCopy.newsPageErreur}
              {news.error.message}
            </p>
          ) : (
            <ol className="space-y-3">
              {items.map((item, index) => (
                <NewsItemCard key={item.id} item={item} rank={index + 1} now={now} />
              ))}
            </ol>
          )}
        </section>
        <NewsSideColumn items={items} alerts={alerts} now={now} />
      </div>
    </div>
  );
}
