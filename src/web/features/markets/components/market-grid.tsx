import ChevronDown from 'lucide-react/icons/chevron-down';
import type { Range } from '@tanstack/virtual-core';
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Market, VoteType } from '../../../../shared/market.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { whenEngaged } from '../../../lib/when-engaged.js';
import {
  readVirtualCore,
  useWindowVirtualizer,
  virtualCoreIfRead,
  type VirtualCore,
} from '../../../lib/use-window-virtualizer.js';
import { MarketCard } from './market-card.js';
import * as marketsCopy from '../../../copy/markets.js';

export const GRID = 'grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4';
/** Cards the server draws (and hydration keeps): a full first screen on any size. */
const FIRST_PAINT_CARDS = 12;
/** Up to this many cards, every card is drawn (the large-catalogue test holds the DOM to 60 cards). */
const WHOLE_LIST_CARDS = 60;
/** Rows of such a list drawn per frame beyond those on screen, once the screen's are painted. */
const FILL_ROWS_PER_FRAME = 2;
/** The grid's gap (gap-4) between rows. */
const ROW_GAP_PX = 16;
/** A card row before it is measured: about a card with a two-line title. */
const ESTIMATED_ROW_PX = 330;
/** Rows drawn beyond each edge of the screen: Tab from the last card drawn still finds the next one. */
const OVERSCAN_ROWS = 3;
/** The next page is asked for when the screen reaches this many rows before the end of what is loaded. */
const LOAD_AHEAD_ROWS = 4;

/** The grid's columns at the current width: Tailwind's md and lg breakpoints, in CSS pixels. */
const WIDE_PX = 1024;
const MEDIUM_PX = 768;
const minWidth = (px: number) => `(min-width: ${px}px)`;
// Older WebViews have no matchMedia: the width is then read from the window, and read again on resize.
const hasMatchMedia = () => typeof window.matchMedia === 'function';
function subscribeToWidth(onChange: () => void): () => void {
  if (!hasMatchMedia()) {
    window.addEventListener('resize', onChange);
    return () => window.removeEventListener('resize', onChange);
  }
  const queries = [WIDE_PX, MEDIUM_PX].map((px) => window.matchMedia(minWidth(px)));
  for (const query of queries) query.addEventListener('change', onChange);
  return () => queries.forEach((query) => query.removeEventListener('change', onChange));
}
const atLeast = (px: number) => (hasMatchMedia() ? window.matchMedia(minWidth(px)).matches : window.innerWidth >= px);
function columnsNow(): number {
  return atLeast(WIDE_PX) ? 4 : atLeast(MEDIUM_PX) ? 2 : 1;
}

interface GridProps {
  markets: readonly Market[];
  userVotes: ReadonlyMap<string, VoteType>;
  votesLoading: boolean;
  now: Date;
  /** Asks for the next page; null while one is on its way or when there is none. */
  loadMore: (() => void) | null;
  /** Whether the next page is asked for by itself as the visitor nears the end (otherwise by the button only). */
  loadsAhead: boolean;
  loadingMore: boolean;
}

function Card({
  market,
  userVotes,
  votesLoading,
  now,
}: { market: Market } & Omit<GridProps, 'markets' | 'loadMore' | 'loadsAhead' | 'loadingMore'>) {
  return (
    <div className="flex w-full flex-col [&>article]:flex-1">
      <MarketCard market={market} userVote={userVotes.get(market.id)} votesLoading={votesLoading} now={now} />
    </div>
  );
}

/** The list's rows to draw: those on screen and around; near the top, at least the rows of the server's first cards. */
function rowsToDraw(core: VirtualCore, firstRows: number) {
  return (range: Range): number[] => {
    const rows = core.defaultRangeExtractor(range);
    const start = rows[0] ?? 0;
    const end = rows.at(-1) ?? -1;
    if (start >= firstRows || range.count === 0) return rows;
    const extended: number[] = [];
    for (let row = 0; row <= Math.max(end, Math.min(firstRows, range.count) - 1); row++) extended.push(row);
    return extended;
  };
}

/**
 * A short list's rows: from the top to the screen's last row (and the server's first cards), then `filled` more,
 * so the rows on screen are drawn first and the others follow a few per frame until the whole list is drawn.
 */
function rowsOfShortList(firstRows: number, filled: number) {
  return (range: Range): number[] => {
    const end = Math.min(range.count - 1, Math.max(range.endIndex + range.overscan, firstRows - 1) + filled);
    return Array.from({ length: end + 1 }, (_, index) => index);
  };
}

/**
 * The cards, drawn only where the screen is (docs/decisions/043-catalogue-in-pages.md). The server's render and
 * hydration draw the first cards as a plain grid (the server knows no screen). Once the virtualizer's code is read
 * (at the visitor's first touch, key or scroll, or as soon as the browser is idle: the first screen needs none of
 * it), the grid measures the window and draws the rows on screen, with the space of the others kept above and below.
 * Near the top the server's first cards stay drawn, so hydration's nodes are kept. Should the code not arrive, every
 * card read so far is drawn.
 */
export function MarketGrid({ markets, userVotes, votesLoading, now, loadMore, loadsAhead, loadingMore }: GridProps) {
  // None in hydration, whose cards must be the server's; at once for a grid drawn again later (the list shown again).
  const [core, setCore] = useState<VirtualCore | null>(null);
  const [coreMissing, setCoreMissing] = useState(false);
  useEffect(() => {
    let live = true;
    const use = (read: VirtualCore) => live && startTransition(() => setCore(read));
    const already = virtualCoreIfRead();
    if (already) {
      use(already);
      return () => void (live = false);
    }
    const read = () =>
      void readVirtualCore()
        .then(use)
        .catch(() => {
          if (!live) return;
          setCoreMissing(true);
          window.addEventListener('online', read, { once: true });
        });
    const cancel = whenEngaged(read, 0);
    return () => {
      live = false;
      cancel();
      window.removeEventListener('online', read);
    };
  }, []);
  const measured = core !== null;
  const columns = useSyncExternalStore(subscribeToWidth, columnsNow, () => 1);
  const list = useRef<HTMLUListElement>(null);
  // Where the list starts in the page: what lies above it (an alert, the filters) can move it, and the page's size
  // changes with it.
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const place = () => {
      const element = list.current;
      // Hidden (another screen is open): nothing to measure, the last place is kept.
      if (!element || element.offsetParent === null) return;
      setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    // The observer reports once at the start, after the frame's layout: no layout forced here.
    const observer = new ResizeObserver(place);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  // Row heights as last measured while shown: a hidden list measures 0 and must not forget them.
  const heights = useRef(new Map<string, number>());
  const rowCount = Math.ceil(markets.length / columns);
  const firstRows = Math.ceil(FIRST_PAINT_CARDS / columns);
  // A short list (a search's answer, the demo's catalogue) ends up drawn whole, for find-in-page and screen readers,
  // but in steps: drawing its 48 cards at once held the answer to a keystroke back by the time it took to lay out
  // the cards below the screen. A new list (other cards, not new figures) starts again from the screen's rows.
  const whole = markets.length <= WHOLE_LIST_CARDS;
  const listKey = useMemo(() => markets.map((market) => market.id).join(' '), [markets]);
  const [fill, setFill] = useState({ listKey, rows: 0 });
  // Forgotten as soon as the list changes, so a list drawn before and shown again is drawn again in steps too.
  if (fill.listKey !== listKey) setFill({ listKey, rows: 0 });
  const filled = fill.listKey === listKey ? fill.rows : 0;
  const rowKey = (index: number) => `${columns}:${markets[index * columns]?.id ?? index}`;
  const virtualizer = useWindowVirtualizer<HTMLLIElement>(core, {
    count: rowCount,
    estimateSize: (index) => heights.current.get(rowKey(index)) ?? ESTIMATED_ROW_PX,
    getItemKey: rowKey,
    overscan: OVERSCAN_ROWS,
    gap: ROW_GAP_PX,
    scrollMargin: top,
    // A list of one page or so is drawn whole, as before paging: only a long one is drawn by what is on screen.
    rangeExtractor: whole || !core ? rowsOfShortList(firstRows, filled) : rowsToDraw(core, firstRows),
    // A grid row is as tall as its tallest card, and every card of the row stretches to it: the row's first card
    // gives its height.
    // Heights come from the resize observer's report, made after the frame's layout: a row drawn is measured then,
    // never by reading its box as it is attached (each read laid out the whole page again, a row at a time).
    measureElement: (element, entry) => {
      const key = element.getAttribute('data-row-key') ?? '';
      // Older WebViews report no border box: the content box is the same here (a row's `li` has no padding).
      const box = entry ? (entry.borderBoxSize as readonly ResizeObserverSize[] | undefined)?.[0] : undefined;
      const height = box?.blockSize ?? entry?.contentRect.height ?? 0;
      if (height > 0) heights.current.set(key, height);
      return heights.current.get(key) ?? ESTIMATED_ROW_PX;
    },
  });
  const rows = virtualizer?.getVirtualItems() ?? [];
  const lastRow = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (measured && loadMore && loadsAhead && lastRow >= rowCount - LOAD_AHEAD_ROWS) loadMore();
  }, [measured, loadMore, loadsAhead, lastRow, rowCount]);

  // The next rows of a short list, once this frame is painted.
  const complete = lastRow >= rowCount - 1;
  useEffect(() => {
    if (!measured || !whole || complete) return;
    const frame = requestAnimationFrame(() => startTransition(() => setFill({ listKey, rows: filled + FILL_ROWS_PER_FRAME })));
    return () => cancelAnimationFrame(frame);
  }, [measured, whole, complete, listKey, filled]);

  // The keyboard focus on « Afficher plus de prédictions » when it read the last page: the button goes, and the focus
  // would fall to the page's top. It moves to the first card the page brought instead.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loadingMore) return;
    focusFrom.current = null;
    // Another page to come (the button stays, focused) or a failed read (the same cards): nothing moves.
    if (loadMore || markets.length <= from) return;
    const id = markets[from]?.id ?? '';
    const link = () => list.current?.querySelector<HTMLAnchorElement>(`[data-market-id="${CSS.escape(id)}"] h3 a`);
    // Centred, not just inside the window's edge: the desktop footer and the phone's tab bar cover its bottom.
    const reveal = (target: HTMLAnchorElement) => {
      target.focus({ preventScroll: true });
      target.closest('article')?.scrollIntoView({ block: 'center' });
    };
    const drawn = link();
    if (drawn) {
      reveal(drawn);
      return;
    }
    // Not drawn yet (below what is drawn): brought on screen, then focused once drawn.
    virtualizer?.scrollToIndex(Math.floor(from / columns), { align: 'start' });
    const frame = requestAnimationFrame(() => {
      const late = link();
      if (late) reveal(late);
    });
    return () => cancelAnimationFrame(frame);
  }, [loadingMore, loadMore, markets, columns, virtualizer]);

  const first = rows[0];
  const last = rows.at(-1);
  const before = first ? first.start - top : 0;
  const after = last && virtualizer ? Math.max(0, virtualizer.getTotalSize() - (last.end - top)) : 0;
  // Before the first measurement, the server's cards as it drew them (all those read, should the code not come).
  const drawn =
    measured && rows.length > 0
      ? rows.flatMap((row) =>
          markets
            .slice(row.index * columns, (row.index + 1) * columns)
            .map((market, column) => ({ market, row: column === 0 ? row : null })),
        )
      : markets.slice(0, coreMissing ? markets.length : FIRST_PAINT_CARDS).map((market) => ({ market, row: null }));
  return (
    <>
      <ul
        ref={list}
        className={GRID}
        style={measured ? { paddingTop: before, paddingBottom: after } : undefined}
        // A short list still being drawn, a few rows per frame.
        aria-busy={measured && whole && !complete ? true : undefined}
      >
        {drawn.map(({ market, row }) => (
          <li
            key={market.id}
            className="flex"
            {...(row && virtualizer ? { ref: virtualizer.measureElement, 'data-index': row.index, 'data-row-key': row.key } : {})}
          >
            <Card market={market} userVotes={userVotes} votesLoading={votesLoading} now={now} />
          </li>
        ))}
      </ul>
      {(measured || coreMissing) && (loadMore || loadingMore) && (
        <div className="mt-6 flex justify-center">
          {/* Busy, not disabled, while the page is read: a disabled button drops the keyboard focus to the page's top.
              The spinner and « Chargement… » show the state; no new rule is needed in the first screen's sheet. */}
          <Button
            variant="outline"
            aria-disabled={loadingMore || undefined}
            onClick={(event) => {
              if (loadingMore || !loadMore) return;
              if (document.activeElement === event.currentTarget) focusFrom.current = markets.length;
              loadMore();
            }}
          >
            {loadingMore ? <Spinner className="size-4" /> : <ChevronDown aria-hidden="true" className="size-4" />}
            {loadingMore ? marketsCopy.marketGridChargement : marketsCopy.marketGridAfficherPlusDePredictions}
          </Button>
        </div>
      )}
    </>
  );
}
