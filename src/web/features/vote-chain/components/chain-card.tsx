import { useRef, useState, type PointerEvent } from 'react';
import { formatPercent, frenchTypography } from '../../../../shared/format.js';
import { remainingLabel, type Market } from '../../../../shared/market.js';
import type { ChainAction } from '../../../../shared/vote-queue.js';
import { surfaceClass } from '../../../components/ui/card.js';
import { cn } from '../../../components/ui/cn.js';
import { CategoryBadge, TrendingBadge, VoteBar, votesLabel } from '../../markets/index.js';
import { SWIPE_THRESHOLD_PX, swipeAction } from '../lib/swipe.js';
import * as voteChainCopy from '../../../copy/vote-chain.js';

interface Drag {
  pointerId: number;
  x: number;
  y: number;
}

/** Where a card goes when it leaves: to the right for OUI, to the left for NON, upwards when passed. */
const FLY_OUT: Record<ChainAction, string> = {
  yes: 'motion-safe:animate-chain-fly-right',
  no: 'motion-safe:animate-chain-fly-left',
  skip: 'motion-safe:animate-chain-fly-up',
};

function Stamp({ label, className, opacity }: { label: string; className: string; opacity: number }) {
  return (
    <span
      aria-hidden="true"
      style={{ opacity }}
      className={cn(
        'pointer-events-none absolute top-5 z-10 rounded-xl border-4 bg-white/90 px-3 py-1 text-2xl font-black tracking-wider uppercase dark:bg-slate-900/90',
        className,
      )}
    >
      {label}
    </span>
  );
}

function CardBody({ market, now, titleId }: { market: Market; now: Date; titleId?: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-1.5">
        <CategoryBadge categoryId={market.category} />
        {market.trending && <TrendingBadge />}
      </div>
      <h2
        id={titleId}
        className="mt-4 text-xl leading-snug font-extrabold tracking-tight text-balance text-slate-900 short:mt-2 short:text-lg sm:text-2xl dark:text-white"
      >
        {frenchTypography(market.title)}
      </h2>
      <p className="mt-3 line-clamp-3 text-sm sm:line-clamp-4 leading-relaxed text-slate-600 sm:text-base dark:text-slate-300 [@media(max-height:720px)]:hidden">
        {frenchTypography(market.description)}
      </p>
      <div className="mt-auto pt-6 short:pt-2">
        {/* At 200 % zoom on a phone the two figures do not fit side by side: NON goes under OUI, on the right. */}
        <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
          <p className="text-emerald-800 dark:text-emerald-300">
            <span className="text-3xl font-black tabular-nums short:text-2xl sm:text-4xl" data-testid="chain-yes">
              {formatPercent(market.yesPercentage)}
            </span>{' '}
            <span className="text-sm font-bold">{voteChainCopy.chainCardOui}</span>
          </p>
          <p className="ml-auto text-right text-rose-800 dark:text-rose-300">
            <span className="text-sm font-bold">{voteChainCopy.chainCardNon}</span>{' '}
            <span className="text-3xl font-black tabular-nums short:text-2xl sm:text-4xl" data-testid="chain-no">
              {formatPercent(market.noPercentage)}
            </span>
          </p>
        </div>
        <VoteBar yes={market.yesPercentage} className="mt-2 h-2.5" />
        <p className="mt-3 flex flex-wrap justify-between gap-x-3 gap-y-1 short:mt-1.5 text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-400">
          <span>{votesLabel(market.totalVotes)}</span>
          <span>{remainingLabel(market, now)}</span>
        </p>
      </div>
    </>
  );
}

const cardClass = cn(
  surfaceClass,
  'flex w-full flex-col rounded-3xl p-5 shadow-lift sm:min-h-[24rem] sm:p-7 short:min-h-0 short:p-3',
);

/**
 * The card on top of the pile. It follows the finger (or the mouse) and, released beyond 80 px, asks for
 * the action of that direction; shorter, it snaps back into place.
 */
export function ChainCard({
  market,
  now,
  disabled,
  onAction,
}: {
  market: Market;
  now: Date;
  disabled: boolean;
  onAction: (action: ChainAction) => void;
}) {
  const drag = useRef<Drag | null>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const dragging = offset.x !== 0 || offset.y !== 0;

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    setOffset({ x: event.clientX - start.x, y: Math.min(0, event.clientY - start.y) });
  }
  function onPointerEnd(event: PointerEvent<HTMLElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    drag.current = null;
    const action = event.type === 'pointercancel' ? null : swipeAction(event.clientX - start.x, event.clientY - start.y);
    setOffset({ x: 0, y: 0 });
    if (action) onAction(action);
  }

  const progress = (distance: number) => Math.min(1, Math.max(0, distance / SWIPE_THRESHOLD_PX));
  const horizontal = Math.abs(offset.x) >= Math.abs(offset.y);
  return (
    <article
      aria-labelledby="chain-card-title"
      data-testid="chain-card"
      data-market-id={market.id}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={dragging ? { transform: `translate(${offset.x}px, ${offset.y}px) rotate(${offset.x / 24}deg)` } : undefined}
      className={cn(
        cardClass,
        'relative cursor-grab touch-none select-none active:cursor-grabbing',
        // Snapping back is animated only for those who accept motion; otherwise the card is simply back.
        !dragging && 'motion-safe:transition-transform motion-safe:duration-200 motion-safe:ease-out',
        disabled && 'cursor-default',
      )}
    >
      <Stamp
        label={voteChainCopy.chainCardOui}
        opacity={horizontal ? progress(offset.x) : 0}
        className="left-5 -rotate-12 border-emerald-600 text-emerald-700 dark:border-emerald-400 dark:text-emerald-300"
      />
      <Stamp
        label={voteChainCopy.chainCardNon}
        opacity={horizontal ? progress(-offset.x) : 0}
        className="right-5 rotate-12 border-rose-600 text-rose-700 dark:border-rose-400 dark:text-rose-300"
      />
      <Stamp
        label={voteChainCopy.chainCardPasser}
        opacity={horizontal ? 0 : progress(-offset.y)}
        className="left-1/2 -translate-x-1/2 border-slate-500 text-slate-600 dark:border-slate-400 dark:text-slate-300"
      />
      <CardBody market={market} now={now} titleId="chain-card-title" />
    </article>
  );
}

/** A copy of the card just answered, flying off the way it was sent; those who prefer less motion never see it. */
export function LeavingCard({ market, action, now }: { market: Market; action: ChainAction; now: Date }) {
  return (
    <div
      aria-hidden="true"
      inert
      data-testid="chain-leaving"
      className={cn(cardClass, 'pointer-events-none absolute inset-x-0 top-0 z-20 hidden motion-safe:flex', FLY_OUT[action])}
    >
      <CardBody market={market} now={now} />
    </div>
  );
}
