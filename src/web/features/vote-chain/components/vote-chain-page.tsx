import { useQuery } from '@tanstack/react-query';
import Layers from 'lucide-react/icons/layers';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { MARKET_PAGE_SIZE } from '../../../../shared/market-list.js';
import type { Market, VoteType } from '../../../../shared/market.js';
import { stillOffered, voteQueue, type ChainAction } from '../../../../shared/vote-queue.js';
import { BackButton } from '../../../components/ui/back-button.js';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { PageTitle } from '../../../components/ui/page-title.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { PendingVoteNote, PendingVoteOutcome } from '../../../components/pending-vote-note.js';
import { ApiError, errorText, isNetworkFailure } from '../../../lib/api-client.js';
import { usePendingVotes } from '../../../lib/pending-votes.js';
import { subscribeToStream } from '../../../lib/stream.js';
import { useNow } from '../../../lib/use-now.js';
import { pendingVoteKey, type PendingMarketVote } from '../../../../shared/pending-votes.js';
import { readChainPage, useCastOrKeepVote, userVotesQueryOptions, VOTE_LABEL, voteErrorText } from '../../markets/index.js';
import {
  nextChainPage,
  NO_CHAIN_PAGES,
  withChainError,
  withChainMarket,
  withChainPage,
  type ChainPages,
} from '../lib/chain-pages.js';
import { keyAction } from '../lib/swipe.js';
import { ChainCard, LeavingCard } from './chain-card.js';
import { ChainEmpty, ChainSummary, type ChainDecision } from './chain-summary.js';
import * as voteChainCopy from '../../../copy/vote-chain.js';

const KEYCAP =
  'mx-0.5 inline-block min-w-6 rounded-md border border-slate-300 bg-white px-1.5 font-sans font-bold text-slate-800 shadow-[0_1px_0_var(--color-slate-300)] dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:shadow-[0_1px_0_var(--color-slate-600)]';

/** Long enough for the fly-out animation (320 ms) to finish. */
const LEAVING_MS = 340;

const EMPTY_VOTES: ReadonlyMap<string, VoteType> = new Map<string, VoteType>();

/** The next page is asked for when this many cards or fewer are left: it is there before the last one is voted. */
const PREFETCH_LEFT = 5;

/** Arrow keys are the chain's only while nothing else wants them: a field, a sheet, a modifier. */
function keyIsFree(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.repeat) return false;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'))
    return false;
  return document.querySelector('[role="dialog"]') === null;
}

/**
 * The buttons say they are unavailable (aria-disabled) instead of being disabled: a disabled button under the keyboard
 * focus drops it to the page's body, and the next Enter or arrow would start from the top. `act` ignores them meanwhile.
 */
const BUSY = 'px-3 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

function ActionButtons({
  onAction,
  pending,
  pendingAction,
  disabled,
}: {
  onAction: (action: ChainAction) => void;
  pending: boolean;
  pendingAction: VoteType | null;
  disabled: boolean;
}) {
  const sending = (
    <>
      <Spinner /> <span className="max-[359px]:sr-only">{voteChainCopy.voteChainPageEnregistrement}</span>
    </>
  );
  return (
    // Three in a row from 280 px; narrower (200 % zoom on a phone), NON and OUI side by side and "Passer" under them.
    // Under 360 px the keys' arrows and the word « Enregistrement… » (its spinner stays) are left out: with them the
    // row was 31 px wider than a 320 px screen.
    <div
      className="grid grid-cols-2 gap-2 min-[280px]:grid-cols-[1fr_auto_1fr] sm:gap-3"
      role="group"
      aria-label={voteChainCopy.voteChainPageVotreChoix}
    >
      <Button
        variant="no"
        size="lg"
        aria-disabled={disabled || pending || undefined}
        onClick={() => onAction('no')}
        className={BUSY}
      >
        {pending && pendingAction === 'no' ? (
          sending
        ) : (
          <>
            <span aria-hidden="true" className="max-[359px]:hidden">
              ←
            </span>{' '}
            {voteChainCopy.voteChainPageNon}
          </>
        )}
      </Button>
      <Button
        variant="outline"
        size="lg"
        aria-disabled={pending || undefined}
        onClick={() => onAction('skip')}
        className={cn(BUSY, 'col-span-2 row-start-2 min-[280px]:col-span-1 min-[280px]:row-start-auto sm:px-5')}
      >
        {voteChainCopy.voteChainPagePasser}
        <span aria-hidden="true" className="max-[359px]:hidden">
          ↑
        </span>
      </Button>
      <Button
        variant="yes"
        size="lg"
        aria-disabled={disabled || pending || undefined}
        onClick={() => onAction('yes')}
        className={BUSY}
      >
        {pending && pendingAction === 'yes' ? (
          sending
        ) : (
          <>
            {voteChainCopy.voteChainPageOui}
            <span aria-hidden="true" className="max-[359px]:hidden">
              →
            </span>
          </>
        )}
      </Button>
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="alert" className="text-sm font-semibold text-rose-700 dark:text-rose-400">
        {voteChainCopy.voteChainPageImpossibleDeChargerLes}
        {errorText(error)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {voteChainCopy.voteChainPageReessayer}
      </Button>
    </div>
  );
}

function Chain({ votes, onBack }: { votes: ReadonlyMap<string, VoteType>; onBack: () => void }) {
  const now = useNow();
  const vote = useCastOrKeepVote();
  const pendingVotes = usePendingVotes();
  const [decisions, setDecisions] = useState<ChainDecision[]>([]);
  // The card a vote was sent for stays on top until the server has counted it (or the visitor passes it).
  const [activeId, setActiveId] = useState<string | null>(null);
  const [stopped, setStopped] = useState(false);
  const [leaving, setLeaving] = useState<{ market: Market; action: ChainAction; key: number } | null>(null);
  // The last vote kept without network in this series: the chain moved on, the note says it waits.
  const [lastKept, setLastKept] = useState<{ marketId: string; voteType: VoteType } | null>(null);
  const leavingKey = useRef(0);

  const userVotes = votes;
  const [pages, setPages] = useState<ChainPages>(NO_CHAIN_PAGES);
  // The queue grows page by page; each prediction is taken in once, when its page arrives, so a vote takes its
  // prediction out of the device's unvoted ones without the chain reshuffling.
  const [queue, setQueue] = useState<readonly string[]>([]);
  const [examined, setExamined] = useState(0);
  if (examined < pages.order.length) {
    // A vote kept without network, not sent yet, is this device's vote all the same: its prediction is not offered.
    const made = new Map(userVotes);
    for (const pending of pendingVotes) if (pending.kind === 'market') made.set(pending.marketId, pending.voteType);
    const arrived = pages.order.slice(examined).flatMap((id) => pages.markets.get(id) ?? []);
    setQueue([...queue, ...voteQueue(arrived, made, new Date()).map((market) => market.id)]);
    setExamined(pages.order.length);
  }

  const byId = pages.markets;
  const decided = useMemo(() => new Set(decisions.map((decision) => decision.market.id)), [decisions]);
  // A prediction that closed, was resolved or removed while waiting in the queue is left out, live.
  const remaining = queue.filter((id) => !decided.has(id) && (id === activeId || stillOffered(byId.get(id), userVotes, now)));
  const currentId = activeId ?? remaining[0] ?? null;
  const current = currentId === null ? undefined : byId.get(currentId);
  const closedCount = queue.length - decisions.length - remaining.length;
  // Those not read yet count too: « Prédiction 1 sur 956 » on a large catalogue.
  const total = decisions.length + remaining.length + pages.after;

  // The server's list no longer holds what this device voted on (or kept to send) and what closed since it was read.
  const nextPage = nextChainPage(
    pages,
    (id) =>
      userVotes.has(id) ||
      pendingVotes.some((pending) => pending.kind === 'market' && pending.marketId === id) ||
      !stillOffered(byId.get(id), EMPTY_VOTES, now),
    MARKET_PAGE_SIZE,
  );
  const loading = nextPage !== null && pages.error === null && !stopped && remaining.length <= PREFETCH_LEFT;
  useEffect(() => {
    if (!loading || nextPage === null) return;
    const controller = new AbortController();
    readChainPage(nextPage, controller.signal).then(
      (answer) => setPages((before) => withChainPage(before, answer)),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setPages((before) => withChainError(before, nextPage, error, error instanceof ApiError ? error.status : null));
      },
    );
    return () => controller.abort();
  }, [loading, nextPage, pages.reads]);
  // Live: a prediction read that closes or is resolved leaves the queue.
  useEffect(() => subscribeToStream('market', (market) => setPages((before) => withChainMarket(before, market))), []);
  const currentOpen = current !== undefined && stillOffered(current, EMPTY_VOTES, now);
  const failed = vote.isError && current !== undefined && vote.variables?.marketId === current.id;
  const lastKeptPending = pendingVotes.find(
    (pending): pending is PendingMarketVote =>
      pending.kind === 'market' && pending.marketId === lastKept?.marketId && pending.voteType === lastKept.voteType,
  );

  useEffect(() => {
    if (!leaving) return;
    const timer = window.setTimeout(() => setLeaving(null), LEAVING_MS);
    return () => window.clearTimeout(timer);
  }, [leaving]);

  function record(market: Market, action: ChainAction) {
    setDecisions((list) => [...list, { market, action }]);
    setActiveId(null);
    leavingKey.current += 1;
    setLeaving({ market, action, key: leavingKey.current });
  }

  function act(action: ChainAction) {
    if (!current || vote.isPending) return;
    if (action === 'skip') {
      vote.reset();
      record(current, 'skip');
      return;
    }
    if (!currentOpen) return;
    setActiveId(current.id);
    vote.mutate(
      { marketId: current.id, voteType: action },
      {
        onSuccess: (outcome) => {
          // The server's copy, with this vote counted, is what the summary lists. Without network the vote is
          // kept on the device (sent once the connection returns) and the chain goes on as after a vote.
          if (outcome.kept) {
            setLastKept({ marketId: current.id, voteType: action });
            record(current, action);
          } else record(outcome.result.market, outcome.result.voteType);
        },
      },
    );
  }

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const action = keyAction(event.key);
    if (action === null || !keyIsFree(event) || current === undefined || stopped) return;
    event.preventDefault();
    act(action);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  if (!stopped && current === undefined) {
    if (loading) return <Loading />;
    if (pages.error !== null)
      return <LoadError error={pages.error} onRetry={() => setPages((before) => ({ ...before, error: null }))} />;
  }
  if (stopped || current === undefined) {
    if (decisions.length === 0 && !stopped) return <ChainEmpty onBack={onBack} />;
    const remainingCount = remaining.length + pages.after;
    return (
      <ChainSummary
        decisions={decisions}
        closedCount={closedCount}
        remainingCount={remainingCount}
        onResume={stopped && remainingCount > 0 ? () => setStopped(false) : null}
        onBack={onBack}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4 short:gap-2" data-chain-running>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        {/* On a short screen « Retour » moves into this row (the page's own is hidden while the chain runs). */}
        <div className="hidden short:block">
          <BackButton onClick={onBack} />
        </div>
        <p aria-live="polite" className="text-sm font-bold text-slate-700 dark:text-slate-200" data-testid="chain-position">
          {voteChainCopy.voteChainPagePrediction}
          {decisions.length + 1} {voteChainCopy.voteChainPageSur}
          {total}
        </p>
        <Button variant="ghost" size="sm" disabled={vote.isPending} onClick={() => setStopped(true)}>
          {voteChainCopy.voteChainPageTerminer}
        </Button>
      </div>
      <div
        aria-hidden="true"
        className="-mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-200 short:-mt-1 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-ocean-600 motion-safe:transition-[width] motion-safe:duration-300 dark:bg-ocean-400"
          style={{ width: `${(decisions.length / Math.max(total, 1)) * 100}%` }}
        />
      </div>
      <div className="relative">
        {/* The next card peeks out underneath, so the pile reads as a pile. */}
        {remaining.length > 1 && (
          <div
            aria-hidden="true"
            className="absolute inset-x-4 -bottom-2 h-full rounded-3xl border border-slate-200/80 bg-white/70 dark:border-slate-800 dark:bg-slate-900/70"
          />
        )}
        <ChainCard key={current.id} market={current} now={now} disabled={vote.isPending} onAction={act} />
        {leaving && <LeavingCard key={leaving.key} market={leaving.market} action={leaving.action} now={now} />}
      </div>
      {failed && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-2xl border border-rose-200 bg-rose-50 p-3 text-sm dark:border-rose-900 dark:bg-rose-950/50"
        >
          <p className="min-w-0 flex-1 basis-48 font-semibold text-rose-800 dark:text-rose-200">
            {/* Offline, the message says it all ("Pas de connexion : votre vote n’a pas été envoyé…"). */}
            {isNetworkFailure(vote.error) ? '' : voteChainCopy.voteChainPageVotreVoteNA}
            {voteErrorText(vote.error)}
          </p>
          {vote.variables && currentOpen && (
            <Button variant="outline" size="sm" onClick={() => act(vote.variables.voteType)}>
              <RotateCw aria-hidden="true" className="size-4" />
              {voteChainCopy.voteChainPageReessayer}
            </Button>
          )}
        </div>
      )}
      {!currentOpen && !vote.isPending && (
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {voteChainCopy.voteChainPageCettePredictionVientDe}
        </p>
      )}
      <ActionButtons
        onAction={act}
        pending={vote.isPending}
        pendingAction={vote.isPending ? (vote.variables?.voteType ?? null) : null}
        disabled={!currentOpen}
      />
      {/* Under the buttons just pressed, in place of the gestures' reminder: the card and the buttons do not move. */}
      {lastKeptPending ? (
        <PendingVoteNote
          title={voteChainCopy.voteChainPageVoteEnAttente(VOTE_LABEL[lastKeptPending.voteType])}
          className="py-1.5"
        />
      ) : (
        <p className="text-center text-xs text-slate-600 sm:text-sm dark:text-slate-400">
          <span className="pointer-coarse:hidden">
            {voteChainCopy.voteChainPageAuClavier}
            <kbd className={KEYCAP}>→</kbd> {voteChainCopy.voteChainPageOui2}
            <kbd className={KEYCAP}>←</kbd> {voteChainCopy.voteChainPageNon2}
            <kbd className={KEYCAP}>↑</kbd> {voteChainCopy.voteChainPageOu}
            <kbd className={KEYCAP}>↓</kbd> {voteChainCopy.voteChainPagePourPasser}
          </span>
          <span className="hidden pointer-coarse:inline">{voteChainCopy.voteChainPageGlissezLaCarteA}</span>
        </p>
      )}
      {lastKept && (
        <PendingVoteOutcome
          voteKey={pendingVoteKey({ kind: 'market', marketId: lastKept.marketId })}
          errorText={voteErrorText}
          className="-mt-1 text-center"
        />
      )}
    </div>
  );
}

function Loading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p className="sr-only">{voteChainCopy.voteChainPageChargementDesPredictions}</p>
      <Skeleton className="h-5 w-40 rounded-lg" />
      <Skeleton className="h-[22rem] rounded-3xl" />
      <Skeleton className="h-12 rounded-xl" />
    </div>
  );
}

function Content({ onBack }: { onBack: () => void }) {
  // The device's votes first: the queue leaves them out as its pages arrive.
  const votes = useQuery(userVotesQueryOptions);
  if (!votes.data) return <Loading />;
  return <Chain votes={votes.data} onBack={onBack} />;
}

/** "Voter à la chaîne": the open predictions this device has not voted on, one card at a time. */
export function VoteChainPage({ onBack }: { onBack: () => void }) {
  return (
    <div className="mx-auto w-full max-w-xl" data-testid="vote-chain">
      <div className="short:[[data-testid=vote-chain]:has([data-chain-running])_&]:hidden">
        <BackButton onClick={onBack} />
      </div>
      {/* Under 720 px of height (a small phone, a phone sideways, 200 % zoom) the title is left to screen readers:
          the card and its buttons then fit in the height, reached without scrolling. */}
      <header className="mt-3 mb-5 [@media(max-height:720px)]:sr-only">
        <PageTitle icon={Layers} title={voteChainCopy.voteChainPageVoterALaChaine} />
        <p className="mt-3 hidden text-base leading-relaxed text-slate-600 sm:block short:hidden dark:text-slate-300">
          {voteChainCopy.voteChainPageLesPredictionsOuvertesSur}
        </p>
      </header>
      <Content onBack={onBack} />
    </div>
  );
}
