import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import Users from 'lucide-react/icons/users';
import { memo, useEffect, useId, useRef } from 'react';
import { formatPercent, frenchTypography } from '../../../../shared/format.js';
import { isMarketOpen, remainingLabel, type Market, type VoteType } from '../../../../shared/market.js';
import { cn } from '../../../components/ui/cn.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { predictionHash } from '../../../lib/prediction-link.js';
import { useCastOrKeepVote, voteErrorText } from '../api/cast-vote.js';
import { usePendingMarketVote } from '../../../lib/pending-votes.js';
import { pendingVoteKey } from '../../../../shared/pending-votes.js';
import { VOTE_LABEL, votesLabel } from '../lib.js';
import { CategoryBadge, TrendingBadge } from './category-badge.js';
import { PendingVoteNote, PendingVoteOutcome } from '../../../components/pending-vote-note.js';
import { ResolvedOutcome } from './resolved-outcome.js';
import { VoteBar } from './vote-bar.js';
import * as marketsCopy from '../../../copy/markets.js';

export interface MarketCardProps {
  market: Market;
  userVote: VoteType | undefined;
  /** True until the visitor's past votes are known: voting is held back meanwhile. */
  votesLoading: boolean;
  now: Date;
}

/** The focus is still where the vote was sent from (or was dropped on the body when its button was disabled). */
export function focusStayedIn(container: HTMLElement | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (container !== null && container.contains(active));
}

function MarketCardView({ market, userVote, votesLoading, now }: MarketCardProps) {
  const titleId = useId();
  const vote = useCastOrKeepVote();
  const pending = usePendingMarketVote(market.id);
  const open = isMarketOpen(market, now);
  const ended = !open;
  const canVote = open && userVote === undefined && pending === undefined;
  const busy = votesLoading || vote.isPending;

  // The OUI/NON buttons go with the vote: the focus they held moves to "Vous avez voté …", not to the page's body.
  const articleRef = useRef<HTMLElement>(null);
  const confirmationRef = useRef<HTMLParagraphElement>(null);
  const votedHere = useRef(false);
  useEffect(() => {
    if (userVote === undefined || !votedHere.current) return;
    votedHere.current = false;
    if (focusStayedIn(articleRef.current)) confirmationRef.current?.focus({ preventScroll: true });
  }, [userVote]);

  function castVote(voteType: VoteType) {
    votedHere.current = true;
    vote.mutate({ marketId: market.id, voteType }, { onError: () => (votedHere.current = false) });
  }

  return (
    <article
      ref={articleRef}
      aria-labelledby={titleId}
      data-market-id={market.id}
      data-category={market.category}
      className="group relative flex flex-col rounded-2xl border border-slate-200/80 bg-white p-4 shadow-soft transition duration-200 hover:-translate-y-0.5 hover:border-ocean-300 hover:shadow-lift has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ocean-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-ocean-700"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <CategoryBadge categoryId={market.category} />
        {market.trending && <TrendingBadge />}
      </div>

      {/* Three lines at most, except narrower than 300 px (a phone at 200 % zoom), where they would hold a few words only. */}
      <h3 id={titleId} className="mt-3 text-[15px] leading-snug font-bold text-slate-900 dark:text-white">
        <a
          href={predictionHash(market.id)}
          className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] min-[300px]:line-clamp-3"
        >
          {frenchTypography(market.title)}
        </a>
      </h3>

      <div className="mt-auto pt-4">
        <div className="flex items-end justify-between">
          <p className="text-emerald-700 dark:text-emerald-400">
            <span className="text-xs font-bold tracking-wide">{marketsCopy.marketCardOui}</span>{' '}
            <span className="text-2xl font-extrabold tabular-nums">{formatPercent(market.yesPercentage)}</span>
          </p>
          <p className="text-right text-rose-700 dark:text-rose-400">
            <span className="text-2xl font-extrabold tabular-nums">{formatPercent(market.noPercentage)}</span>{' '}
            <span className="text-xs font-bold tracking-wide">{marketsCopy.marketCardNon}</span>
          </p>
        </div>
        <VoteBar yes={market.yesPercentage} className="mt-2 h-2" />

        <div className="mt-3 flex items-center justify-between text-xs font-medium text-slate-600 dark:text-slate-400">
          <span className="inline-flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-3.5" />
            {votesLabel(market.totalVotes)}
          </span>
          <span className={cn('inline-flex items-center gap-1.5', ended && 'font-semibold text-slate-700 dark:text-slate-300')}>
            <Clock aria-hidden="true" className="size-3.5" />
            {remainingLabel(market, now)}
          </span>
        </div>

        {canVote && (
          <div className="relative z-10 mt-4 grid grid-cols-2 gap-2">
            <button
              type="button"
              disabled={busy}
              data-vote-intent
              onClick={() => castVote('yes')}
              aria-label={marketsCopy.marketCardVoterOui(market.title)}
              className="inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-emerald-50 text-sm font-bold text-emerald-800 ring-1 ring-emerald-200 transition-colors ring-inset hover:bg-emerald-700 hover:text-white disabled:cursor-not-allowed disabled:opacity-60 dark:bg-emerald-950/60 dark:text-emerald-300 dark:ring-emerald-900 dark:hover:bg-emerald-500 dark:hover:text-slate-950"
            >
              {vote.isPending && vote.variables?.voteType === 'yes' ? <Spinner /> : null}
              {marketsCopy.marketCardOui}
            </button>
            <button
              type="button"
              disabled={busy}
              data-vote-intent
              onClick={() => castVote('no')}
              aria-label={marketsCopy.marketCardVoterNon(market.title)}
              className="inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-rose-50 text-sm font-bold text-rose-800 ring-1 ring-rose-200 transition-colors ring-inset hover:bg-rose-700 hover:text-white disabled:cursor-not-allowed disabled:opacity-60 dark:bg-rose-950/60 dark:text-rose-300 dark:ring-rose-900 dark:hover:bg-rose-500 dark:hover:text-slate-950"
            >
              {vote.isPending && vote.variables?.voteType === 'no' ? <Spinner /> : null}
              {marketsCopy.marketCardNon}
            </button>
          </div>
        )}

        {market.resolved && market.outcome ? (
          <ResolvedOutcome outcome={market.outcome} userVote={userVote} className="mt-4" />
        ) : (
          userVote !== undefined && (
            <p
              ref={confirmationRef}
              tabIndex={-1}
              className={cn(
                'animate-pop relative z-10 mt-4 flex h-11 outline-none focus-visible:ring-2 focus-visible:ring-ocean-500 items-center justify-center gap-2 rounded-xl text-sm font-bold',
                userVote === 'yes'
                  ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300'
                  : 'bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-300',
              )}
            >
              <Check aria-hidden="true" className="size-4" />
              {marketsCopy.marketCardVousAvezVote}
              {VOTE_LABEL[userVote]}
            </p>
          )
        )}

        {open && pending && (
          <PendingVoteNote
            title={marketsCopy.pendingVoteNoteVoteEnAttente(VOTE_LABEL[pending.voteType])}
            className="relative z-10 mt-4"
          />
        )}
        <PendingVoteOutcome
          voteKey={pendingVoteKey({ kind: 'market', marketId: market.id })}
          errorText={voteErrorText}
          className="relative z-10 mt-2 text-center"
        />

        {vote.isError && (
          <p role="alert" className="relative z-10 mt-2 text-center text-sm font-medium text-rose-700 dark:text-rose-400">
            {voteErrorText(vote.error)}
          </p>
        )}
      </div>
    </article>
  );
}

/** A live update replaces one market in the list: only that card renders again. */
export const MarketCard = memo(MarketCardView);

export function MarketCardSkeleton() {
  return (
    <div className="flex flex-col rounded-2xl border border-slate-200/80 bg-white p-4 shadow-soft dark:border-slate-800 dark:bg-slate-900">
      <div className="flex gap-1.5">
        <div className="animate-shimmer h-5 w-24 rounded-full bg-slate-200 dark:bg-slate-800" />
        <div className="animate-shimmer h-5 w-20 rounded-full bg-slate-200 dark:bg-slate-800" />
      </div>
      <div className="animate-shimmer mt-4 h-4 w-full rounded bg-slate-200 dark:bg-slate-800" />
      <div className="animate-shimmer mt-2 h-4 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-6 flex justify-between">
        <div className="animate-shimmer h-7 w-16 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="animate-shimmer h-7 w-16 rounded bg-slate-200 dark:bg-slate-800" />
      </div>
      <div className="animate-shimmer mt-2 h-2 w-full rounded-full bg-slate-200 dark:bg-slate-800" />
      <div className="mt-4 grid grid-cols-2 gap-2">
        <div className="animate-shimmer h-11 rounded-xl bg-slate-100 dark:bg-slate-800/70" />
        <div className="animate-shimmer h-11 rounded-xl bg-slate-100 dark:bg-slate-800/70" />
      </div>
    </div>
  );
}
