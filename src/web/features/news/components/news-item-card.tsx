import Clock from 'lucide-react/icons/clock';
import ExternalLink from 'lucide-react/icons/external-link';
import Eye from 'lucide-react/icons/eye';
import Flame from 'lucide-react/icons/flame';
import { frenchTypography } from '../../../../shared/format.js';
import { formatRelativeAge } from '../../../../shared/relative-age.js';
import { Badge } from '../../../components/ui/badge.js';
import { surfaceClass } from '../../../components/ui/card.js';
import { cn } from '../../../components/ui/cn.js';
import { isNewsTrending, type NewsItem } from '../../../../shared/news.js';
import { formatViews } from '../lib/news-format.js';
import { NewsCategoryBadge } from './news-category-badge.js';
import { Sparkline } from './sparkline.js';
import { ViewsChange } from './views-change.js';
import * as newsPageCopy from '../../../copy/news-page.js';

function Views({ views }: { views: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-slate-600 tabular-nums dark:text-slate-400">
      <Eye aria-hidden="true" className="size-3.5" />
      <span data-testid="news-views">{formatViews(views)}</span>
      <span className="sr-only">{newsPageCopy.newsItemCardVues}</span>
    </span>
  );
}

/** One news item; the whole card is a link to the press site, opened in a new tab. */
export function NewsItemCard({ item, rank, now }: { item: NewsItem; rank: number; now: Date }) {
  return (
    <li>
      <a
        href={item.pressUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="news-item"
        className={cn(
          surfaceClass,
          // Narrower than 280 px (200 % zoom on a phone) the rank and picture go above the text, which keeps the width.
          'group flex flex-col gap-3 p-4 transition duration-200 hover:-translate-y-0.5 hover:border-ocean-300 hover:shadow-lift min-[280px]:flex-row sm:gap-4 sm:p-5 dark:hover:border-ocean-700',
        )}
      >
        <div className="flex shrink-0 items-center gap-2 min-[280px]:flex-col">
          <span
            data-testid="news-rank"
            className="text-2xl leading-none font-black text-slate-500 tabular-nums dark:text-slate-400"
            aria-label={newsPageCopy.newsItemCardNumero(rank)}
          >
            {rank}
          </span>
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-2xl bg-gradient-to-br from-ocean-50 to-ocean-100 text-2xl ring-1 ring-ocean-200/70 sm:size-14 sm:text-3xl dark:from-ocean-950 dark:to-slate-900 dark:ring-ocean-800/60"
          >
            {item.image}
          </span>
        </div>

        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            {isNewsTrending(item, now) && (
              <Badge tone="trending">
                <Flame aria-hidden="true" className="size-3" />
                {newsPageCopy.newsItemCardTendance}
              </Badge>
            )}
            <NewsCategoryBadge category={item.category} />
          </div>
          <h3 className="mt-2 text-base leading-snug font-bold wrap-break-word text-slate-900 group-hover:text-ocean-800 sm:text-lg dark:text-white dark:group-hover:text-ocean-300">
            {frenchTypography(item.title)}
            {/* Hover-only hint, shown only where there is a hover; its negative margin cancels its width so it
                can never push itself onto a line of its own (a blank gap before the summary). */}
            <ExternalLink
              aria-hidden="true"
              className="-mr-5 ml-1.5 hidden size-3.5 align-baseline text-slate-400 opacity-0 transition-opacity group-hover:opacity-100 [@media(hover:hover)]:inline"
            />
            <span className="sr-only"> {newsPageCopy.newsItemCardSOuvreDansUn}</span>
          </h3>
          <p className="mt-1.5 line-clamp-3 text-sm leading-relaxed text-slate-600 dark:text-slate-300">
            {frenchTypography(item.summary)}
          </p>

          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
            <span className="font-semibold text-slate-700 dark:text-slate-200">{item.author}</span>
            <span data-testid="news-age">{formatRelativeAge(item.publishedAt, now)}</span>
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-3.5" />
              {item.readTime} {newsPageCopy.newsItemCardMinDeLecture}
            </span>
            <span className="inline-flex flex-wrap items-center gap-x-2 md:hidden">
              <Views views={item.views} />
              <ViewsChange change={item.viewsChange} />
            </span>
          </div>
        </div>

        <div className="hidden shrink-0 flex-col items-end justify-between gap-2 text-xs md:flex">
          <Views views={item.views} />
          <Sparkline change={item.viewsChange} seed={item.id} />
          <ViewsChange change={item.viewsChange} />
        </div>
      </a>
    </li>
  );
}
