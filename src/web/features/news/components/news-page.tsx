import CalendarDays from 'lucide-react/icons/calendar-days';
import Newspaper from 'lucide-react/icons/newspaper';
import { useState } from 'react';
import { buildNewsItems } from '../data/news-items.js';
import { formatLongDate } from '../lib/news-format.js';
import { NewsItemCard } from './news-item-card.js';
import { NewsSideColumn } from './news-side-column.js';

function localIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "Actualités": today's date, six static news items and a side column of static boxes. */
export function NewsPage() {
  // Dated once per visit, so the ages stay put while the page is open.
  const [now] = useState(() => new Date());
  const [items] = useState(() => buildNewsItems(now));

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
            Actualités
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Ce qui fait parler La Réunion aujourd’hui.</p>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="news-heading">
          <h2 id="news-heading" className="sr-only">
            Les articles les plus lus
          </h2>
          <ol className="space-y-3">
            {items.map((item, index) => (
              <NewsItemCard key={item.id} item={item} rank={index + 1} now={now} />
            ))}
          </ol>
        </section>
        <NewsSideColumn items={items} />
      </div>
    </div>
  );
}
