import CalendarDays from 'lucide-react/icons/calendar-days';
import Users from 'lucide-react/icons/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { formatLongDate, formatPercent, frenchTypography } from '../../../../shared/format.js';
import { yesShareInterval } from '../../../../shared/history.js';
import { isMarketOpen, preciseShare, type Market } from '../../../../shared/market.js';
import { BackButton } from '../../../components/ui/back-button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ShareButton } from '../../../components/ui/share-button.js';
import { predictionShareUrl } from '../../../lib/prediction-link.js';
import { ApiError, errorText } from '../../../lib/api-client.js';
import { useHealth } from '../../../lib/health.js';
import { useNow } from '../../../lib/use-now.js';
import { marketQueryOptions } from '../api/get-market.js';
import { userVotesQueryOptions } from '../api/get-user-votes.js';
import { participantsLabel, votesLabel } from '../lib.js';
import { CategoryBadge, TrendingBadge } from './category-badge.js';
import { ProbabilityRing } from './probability-ring.js';
import { ResolvedOutcome } from './resolved-outcome.js';
import { MarketHistory } from './market-history.js';
import { VotePanel } from './vote-panel.js';
import { VoteBar } from './vote-bar.js';
import * as marketDetailCopy from '../../../copy/market-detail.js';

export interface MarketDetailProps {
  marketId: string;
  onBack: () => void;
  /** Moves the focus to the title once it shows: the detail was opened from another screen. */
  focusTitle?: boolean;
}

export default function MarketDetail({ marketId, onBack, focusTitle = false }: MarketDetailProps) {
  const client = useQueryClient();
  const market = useQuery(marketQueryOptions(marketId, client));
  const votes = useQuery(userVotesQueryOptions);
  const health = useHealth();
  const now = useNow();

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [marketId]);

  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleFocused = useRef(false);
  const shown = market.data !== undefined;
  useEffect(() => {
    if (!focusTitle || !shown || titleFocused.current) return;
    titleFocused.current = true;
    titleRef.current?.focus({ preventScroll: true });
  }, [focusTitle, shown]);

  useEffect(() => {
    if (market.data) document.title = marketDetailCopy.predi974(market.data.title);
    return () => {
      document.title = marketDetailCopy.predi974LesPredictionsDe;
    };
  }, [market.data]);

  return (
    <div className="animate-fade-in" data-testid="market-detail">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <BackButton onClick={onBack} />
        {market.data && <ShareButton title={market.data.title} url={predictionShareUrl(market.data.id)} />}
      </div>
      {market.isPending ? (
        <DetailSkeleton />
      ) : market.isError ? (
        <p
          role="alert"
          className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-4 font-medium text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          {market.error instanceof ApiError && market.error.status === 404
            ? marketDetailCopy.predictionIntrouvable
            : marketDetailCopy.erreur(errorText(market.error))}
        </p>
      ) : (
        <DetailBody
          titleRef={titleRef}
          market={market.data}
          userVote={votes.data?.get(market.data.id)}
          votesLoading={votes.isPending}
          voteChangeAllowed={health.data?.voteChange !== 'forbidden'}
          now={now}
        />
      )}
    </div>
  );
}

function DetailBody({
  titleRef,
  market,
  userVote,
  votesLoading,
  voteChangeAllowed,
  now,
}: {
  titleRef: RefObject<HTMLHeadingElement | null>;
  market: Market;
  userVote: 'yes' | 'no' | undefined;
  votesLoading: boolean;
  voteChangeAllowed: boolean;
  now: Date;
}) {
  const yesShare = preciseShare(market.yesVotes, market.totalVotes);
  const noShare = preciseShare(market.noVotes, market.totalVotes);
  return (
    // Large screens: the side column spans both rows, and the second row (1fr) alone absorbs its growth, so
    // picking OUI/NON or an error line in the vote panel never pushes "Résultats actuels" down.
    // Phones: one column where OUI/NON come right after the title, so a visitor from a shared link sees them without
    // scrolling, even with the cookie banner showing; the wrappers then step aside (`contents`) for that order.
    <article className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:grid-rows-[auto_1fr] lg:gap-x-8">
      <div className="min-w-0 max-lg:contents lg:col-start-1">
        <div className="min-w-0 max-lg:order-1">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge categoryId={market.category} />
            {market.trending && <TrendingBadge />}
            <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 dark:text-slate-400">
              <CalendarDays aria-hidden="true" className="size-4" />
              {marketDetailCopy.finLe}
              {formatLongDate(market.endDate)}
            </span>
          </div>
          <h1
            ref={titleRef}
            tabIndex={-1}
            className="mt-3 text-2xl leading-tight font-extrabold tracking-tight text-pretty wrap-break-word hyphens-auto text-slate-900 outline-none sm:mt-4 sm:text-3xl dark:text-white"
          >
            {frenchTypography(market.title)}
          </h1>
        </div>
        <div className="min-w-0 max-lg:order-3">
          {market.description && (
            <p className="text-base lg:mt-3 leading-relaxed text-slate-700 dark:text-slate-300">
              {frenchTypography(market.description)}
            </p>
          )}
          <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1.5 text-sm font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <Users aria-hidden="true" className="size-4" />
            {participantsLabel(market.totalVotes)}
          </p>

          {market.resolved && market.outcome && (
            <ResolvedOutcome outcome={market.outcome} userVote={userVote} large className="mt-5" />
          )}
        </div>
      </div>

      {/* Results and their history share the second row, so the side column's height never parts them. */}
      <div className="flex min-w-0 flex-col gap-6 self-start max-lg:order-5 lg:col-start-1">
        <section
          aria-labelledby="results-title"
          className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-soft dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="results-title" className="text-base font-bold text-slate-900 dark:text-white">
            {marketDetailCopy.resultatsActuels}
          </h2>
          <div className="mt-4 grid grid-cols-1 gap-3 min-[300px]:grid-cols-2">
            <ResultTile label={marketDetailCopy.oui} share={yesShare} votes={market.yesVotes} tone="yes" />
            <ResultTile label={marketDetailCopy.non} share={noShare} votes={market.noVotes} tone="no" />
          </div>
          <VoteBar yes={yesShare} className="mt-4 h-3" />
          <MarginOfError yesVotes={market.yesVotes} noVotes={market.noVotes} />
        </section>
        <MarketHistory key={market.id} market={market} open={isMarketOpen(market, now)} />
      </div>

      <div className="flex flex-col gap-4 max-lg:contents lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
        <section
          aria-labelledby="probability-title"
          className="rounded-2xl max-lg:order-4 border border-slate-200/80 bg-white p-5 shadow-soft dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="probability-title" className="text-base font-bold text-slate-900 dark:text-white">
            {marketDetailCopy.probabilite}
          </h2>
          <div className="mt-2">
            <ProbabilityRing yesShare={yesShare} counts={market} />
          </div>
        </section>
        <VotePanel
          className="max-lg:order-2"
          market={market}
          userVote={userVote}
          votesLoading={votesLoading}
          voteChangeAllowed={voteChangeAllowed}
          now={now}
        />
      </div>
    </article>
  );
}

/** The 95 % interval of the OUI share, said plainly, with what it assumes. */
function MarginOfError({ yesVotes, noVotes }: { yesVotes: number; noVotes: number }) {
  const interval = yesShareInterval(yesVotes, noVotes);
  if (!interval) return null;
  return (
    <div className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-testid="margin-of-error">
      <p>
        <span className="font-semibold">{frenchTypography(marketDetailCopy.margeDErreur95)}</span> {marketDetailCopy.ouiEntre}{' '}
        {formatPercent(interval.low, 1)} {marketDetailCopy.et}
        {formatPercent(interval.high, 1)}.
      </p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{frenchTypography(marketDetailCopy.calculeeCommeSiLes)}</p>
    </div>
  );
}

function ResultTile({ label, share, votes, tone }: { label: string; share: number; votes: number; tone: 'yes' | 'no' }) {
  const yes = tone === 'yes';
  return (
    <div
      data-testid={`result-${tone}`}
      className={yes ? 'rounded-xl bg-emerald-50 p-4 dark:bg-emerald-950/40' : 'rounded-xl bg-rose-50 p-4 dark:bg-rose-950/40'}
    >
      <p
        className={
          yes ? 'text-sm font-bold text-emerald-800 dark:text-emerald-300' : 'text-sm font-bold text-rose-800 dark:text-rose-300'
        }
      >
        {label}
      </p>
      <p
        className={
          yes
            ? 'mt-1 text-2xl font-black sm:text-3xl tabular-nums text-emerald-700 dark:text-emerald-400'
            : 'mt-1 text-2xl font-black sm:text-3xl tabular-nums text-rose-700 dark:text-rose-400'
        }
      >
        {formatPercent(share, 1)}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{votesLabel(votes)}</p>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div
      role="status"
      aria-label={marketDetailCopy.chargementDeLaPrediction}
      className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]"
    >
      <div>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="mt-4 h-9 w-full" />
        <Skeleton className="mt-2 h-9 w-2/3" />
        <Skeleton className="mt-4 h-20 w-full" />
        <Skeleton className="mt-6 h-44 w-full rounded-2xl" />
      </div>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-56 w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    </div>
  );
}
