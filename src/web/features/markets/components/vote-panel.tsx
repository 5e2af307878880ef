import CircleCheck from 'lucide-react/icons/circle-check';
import Lock from 'lucide-react/icons/lock';
import { useEffect, useRef, useState } from 'react';
import { formatPercent, frenchTypography } from '../../../../shared/format.js';
import { isMarketOpen, type Market, type VoteType } from '../../../../shared/market.js';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useCastOrKeepVote, voteErrorText } from '../api/cast-vote.js';
import { usePendingMarketVote } from '../../../lib/pending-votes.js';
import { pendingVoteKey } from '../../../../shared/pending-votes.js';
import { focusStayedIn } from './market-card.js';
import { VOTE_LABEL } from '../lib.js';
import { PendingVoteNote, PendingVoteOutcome } from '../../../components/pending-vote-note.js';
import * as marketsCopy from '../../../copy/markets.js';
import * as marketDetailCopy from '../../../copy/market-detail.js';

export interface VotePanelProps {
  market: Market;
  userVote: VoteType | undefined;
  votesLoading: boolean;
  /** The server's rule; the change link is hidden when changes are refused. */
  voteChangeAllowed: boolean;
  now: Date;
  className?: string;
}

const OPPOSITE: Record<VoteType, VoteType> = { yes: 'no', no: 'yes' };

export function VotePanel({ market, userVote, votesLoading, voteChangeAllowed, now, className }: VotePanelProps) {
  const [selected, setSelected] = useState<VoteType | null>(null);
  const [changing, setChanging] = useState(false);
  const vote = useCastOrKeepVote();
  const pending = usePendingMarketVote(market.id);
  const open = isMarketOpen(market, now);
  // The button that sent the vote disappears with the vote: the focus goes to the confirmation, not to the body.
  const panelRef = useRef<HTMLElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const votedHere = useRef(false);
  const confirmed = userVote !== undefined && !changing;
  useEffect(() => {
    if (!confirmed || !votedHere.current) return;
    votedHere.current = false;
    if (focusStayedIn(panelRef.current)) confirmationRef.current?.focus({ preventScroll: true });
  }, [confirmed, userVote]);

  function submit(voteType: VoteType) {
    votedHere.current = true;
    vote.mutate(
      { marketId: market.id, voteType },
      {
        onSuccess: () => {
          setChanging(false);
          setSelected(null);
        },
        onError: () => (votedHere.current = false),
      },
    );
  }

  let body;
  if (!open) {
    body = (
      <div className="flex flex-col gap-3">
        <p className="flex gap-2.5 rounded-xl bg-slate-100 p-3.5 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-bold">{frenchTypography(marketDetailCopy.votePanelVoteTermine)}</strong>{' '}
            {marketDetailCopy.votePanelCeMarcheEstTermine}
          </span>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {userVote ? (
            <>
              {frenchTypography(marketDetailCopy.votePanelVotreVote)}{' '}
              <strong
                className={userVote === 'yes' ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400'}
              >
                {VOTE_LABEL[userVote]}
              </strong>
            </>
          ) : (
            marketDetailCopy.votePanelVousNAvezPas
          )}
        </p>
      </div>
    );
  } else if (pending) {
    // Made without network: kept on this device, sent once the connection returns.
    body = <PendingVoteNote title={marketsCopy.pendingVoteNoteVoteEnAttente(VOTE_LABEL[pending.voteType])} />;
  } else if (votesLoading) {
    body = (
      <div className="flex h-24 items-center justify-center text-slate-500">
        <Spinner className="size-6" label={marketDetailCopy.votePanelChargementDeVotreVote} />
      </div>
    );
  } else if (userVote && !changing) {
    body = (
      <div className="flex flex-col gap-3">
        <div
          ref={confirmationRef}
          tabIndex={-1}
          data-testid="vote-confirmation"
          className="animate-pop flex items-center gap-3 rounded-xl bg-emerald-50 p-3.5 outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 dark:bg-emerald-950/50"
        >
          <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-700 dark:text-emerald-400" />
          <div>
            <p className="font-bold text-emerald-900 dark:text-emerald-200">
              {frenchTypography(marketDetailCopy.votePanelVoteEnregistre)}
            </p>
            <p className="text-sm text-emerald-800 dark:text-emerald-300">
              {marketDetailCopy.votePanelVousAvezVote}
              {VOTE_LABEL[userVote]}
            </p>
          </div>
        </div>
        {voteChangeAllowed ? (
          <button
            type="button"
            onClick={() => setChanging(true)}
            className="self-start text-sm font-semibold text-ocean-800 underline underline-offset-4 hover:text-ocean-900 dark:text-ocean-300 dark:hover:text-ocean-200"
          >
            {marketDetailCopy.votePanelChangerMonVote}
          </button>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{frenchTypography(marketDetailCopy.votePanelUnVoteNePeut)}</p>
        )}
      </div>
    );
  } else if (userVote && changing) {
    const target = OPPOSITE[userVote];
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {marketDetailCopy.votePanelVousAvezVote}
          <strong>{VOTE_LABEL[userVote]}</strong>
          {marketDetailCopy.votePanelVotreVoixPasseraDe}
        </p>
        <Button variant={target} size="lg" disabled={vote.isPending} onClick={() => submit(target)}>
          {vote.isPending ? (
            <>
              <Spinner /> {marketDetailCopy.votePanelEnregistrement}
            </>
          ) : (
            marketDetailCopy.votePanelChangerPour(VOTE_LABEL[target])
          )}
        </Button>
        <Button variant="ghost" disabled={vote.isPending} onClick={() => setChanging(false)}>
          {marketDetailCopy.votePanelAnnuler}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <div className="grid grid-cols-2 gap-2" role="group" aria-label={marketDetailCopy.votePanelVotreChoix}>
          {(['yes', 'no'] as const).map((choice) => {
            const isSelected = selected === choice;
            const yes = choice === 'yes';
            return (
              <button
                key={choice}
                type="button"
                aria-pressed={isSelected}
                data-vote-intent
                disabled={vote.isPending}
                onClick={() => setSelected(choice)}
                className={cn(
                  'flex h-16 flex-col items-center justify-center rounded-xl border-2 text-lg font-black transition-all',
                  yes
                    ? 'border-emerald-200 text-emerald-800 hover:bg-emerald-50 dark:border-emerald-900 dark:text-emerald-300 dark:hover:bg-emerald-950/60'
                    : 'border-rose-200 text-rose-800 hover:bg-rose-50 dark:border-rose-900 dark:text-rose-300 dark:hover:bg-rose-950/60',
                  isSelected &&
                    (yes
                      ? 'border-emerald-600 bg-emerald-50 ring-4 ring-emerald-100 dark:border-emerald-400 dark:bg-emerald-950/60 dark:ring-emerald-950'
                      : 'border-rose-600 bg-rose-50 ring-4 ring-rose-100 dark:border-rose-400 dark:bg-rose-950/60 dark:ring-rose-950'),
                )}
              >
                {VOTE_LABEL[choice]}
                <span className="text-xs font-semibold opacity-80">
                  {formatPercent(yes ? market.yesPercentage : market.noPercentage)}
                </span>
              </button>
            );
          })}
        </div>
        {selected && (
          <div className="animate-fade-in flex flex-col gap-3">
            <p className="rounded-xl bg-slate-100 p-3 text-center text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {marketDetailCopy.votePanelVousEtesSurLe}{' '}
              <strong
                className={selected === 'yes' ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400'}
              >
                {VOTE_LABEL[selected]}
              </strong>
            </p>
            <Button variant={selected} size="lg" disabled={vote.isPending} onClick={() => submit(selected)}>
              {vote.isPending ? (
                <>
                  <Spinner /> {marketDetailCopy.votePanelEnregistrement}
                </>
              ) : (
                marketDetailCopy.votePanelVoter(VOTE_LABEL[selected])
              )}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <section
      ref={panelRef}
      aria-labelledby="vote-panel-title"
      className={cn(
        'rounded-2xl border border-slate-200/80 bg-white p-5 shadow-soft dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <h2 id="vote-panel-title" className="text-base font-bold text-slate-900 dark:text-white">
        {marketDetailCopy.votePanelVotrePrediction}
      </h2>
      <div className="mt-3">{body}</div>
      <PendingVoteOutcome
        voteKey={pendingVoteKey({ kind: 'market', marketId: market.id })}
        errorText={voteErrorText}
        className="mt-3"
      />
      {vote.isError && (
        <p role="alert" className="mt-3 text-sm font-medium text-rose-700 dark:text-rose-400">
          {voteErrorText(vote.error)}
        </p>
      )}
    </section>
  );
}
