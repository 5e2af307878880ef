import CircleQuestionMark from 'lucide-react/icons/circle-question-mark';
import Moon from 'lucide-react/icons/moon';
import Search from 'lucide-react/icons/search';
import Sun from 'lucide-react/icons/sun';
import TrendingUp from 'lucide-react/icons/trending-up';
import type { ReactNode } from 'react';
import { SITE } from '../../shared/site.js';
import { useTheme } from '../lib/theme.js';
import { Logo } from './logo.js';
import * as shellCopy from '../copy/shell.js';

export interface HeaderProps {
  search: string;
  onSearchChange: (value: string) => void;
  onLogoClick: () => void;
  onOpenHowItWorks: () => void;
  /** Opens Actualités (`#trending`); phones reach it from the bottom bar instead. */
  onOpenNews: () => void;
  newsActive: boolean;
  /** Second row (the category bar), when the current screen has one. */
  children?: ReactNode;
  /** Shown just under the header, whatever its height (the how-it-works hint). */
  below?: ReactNode;
}

export function Header({
  search,
  onSearchChange,
  onLogoClick,
  onOpenHowItWorks,
  onOpenNews,
  newsActive,
  children,
  below,
}: HeaderProps) {
  const { theme, toggleTheme } = useTheme();
  return (
    <header className="sticky top-0 z-30 short:relative border-b border-slate-200/80 bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/75 dark:border-slate-800 dark:bg-slate-950/85 dark:supports-[backdrop-filter]:bg-slate-950/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          onClick={onLogoClick}
          aria-label={shellCopy.headerPageDAccueil(SITE.name)}
          className="-ml-1 rounded-xl p-1 transition-opacity hover:opacity-90"
        >
          <Logo />
        </button>

        <div className="hidden flex-1 md:block">
          <label className="relative mx-auto block max-w-md">
            <span className="sr-only">
              {shellCopy.headerRechercherSur}
              {SITE.name}
            </span>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-400"
            />
            <input
              type="search"
              value={search}
              onChange={(event) => onSearchChange(event.target.value)}
              placeholder={shellCopy.headerRechercherSur2(SITE.name)}
              className="h-10 w-full rounded-xl border border-transparent bg-slate-100 pr-3 pl-10 text-sm text-slate-900 placeholder:text-slate-500 focus:border-ocean-400 focus:bg-white focus:outline-none dark:bg-slate-800/80 dark:text-white dark:placeholder:text-slate-400 dark:focus:bg-slate-900"
            />
          </label>
        </div>

        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <a
            href="#trending"
            onClick={(event) => {
              event.preventDefault();
              onOpenNews();
            }}
            aria-current={newsActive ? 'page' : undefined}
            className="hidden h-10 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-ocean-50 aria-[current=page]:text-ocean-800 md:inline-flex dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:bg-ocean-950 dark:aria-[current=page]:text-ocean-300"
          >
            <TrendingUp aria-hidden="true" className="size-5" />
            {shellCopy.headerActualites}
          </a>
          <button
            type="button"
            onClick={onOpenHowItWorks}
            data-how-it-works-trigger
            className="inline-flex h-10 items-center gap-2 rounded-xl px-2.5 text-sm font-semibold text-ocean-800 transition-colors hover:bg-ocean-50 data-hinted:ring-2 data-hinted:ring-ocean-700 sm:px-3 dark:text-ocean-300 dark:hover:bg-ocean-950 dark:data-hinted:ring-ocean-300"
          >
            <CircleQuestionMark aria-hidden="true" className="size-5" />
            {/* Beside "Actualités" the label only fits from lg; below that the icon carries the name. */}
            <span className="sr-only sm:not-sr-only md:sr-only lg:not-sr-only">{shellCopy.headerCommentCaMarche}</span>
          </button>
          <button
            type="button"
            onClick={toggleTheme}
            aria-label={theme === 'dark' ? shellCopy.headerPasserAuThemeClair : shellCopy.headerPasserAuThemeSombre}
            className="inline-flex size-10 items-center justify-center rounded-xl text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            {/* Drawn by the theme class, not by `theme`: right from the first paint of the server's page. */}
            <Sun aria-hidden="true" className="hidden size-5 dark:block" />
            <Moon aria-hidden="true" className="size-5 dark:hidden" />
          </button>
        </div>
      </div>
      {children}
      {below}
    </header>
  );
}
