import PartyPopper from 'lucide-react/icons/party-popper';
import CircleCheck from 'lucide-react/icons/circle-check';
import CloudUpload from 'lucide-react/icons/cloud-upload';
import type { Market } from '../../../../shared/market.js';
import { chainTally, tallySentence, type ChainAction } from '../../../../shared/vote-queue.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { cn } from '../../../components/ui/cn.js';
import { usePendingVotes } from '../../../lib/pending-votes.js';
import { predictionHash } from '../../../lib/prediction-link.js';
import { VOTE_LABEL } from '../../markets/index.js';
import * as voteChainCopy from '../../../copy/vote-chain.js';

export interface ChainDecision {
  market: Market;
  action: ChainAction;
}

function Figure({ value, label, className }: { value: number; label: string; className: string }) {
  return (
    <div className={cn('flex flex-col-reverse items-center rounded-2xl px-2 py-3', className)}>
      <dt className="text-xs font-bold tracking-wide uppercase">{label}</dt>
      <dd className="text-3xl font-black tabular-nums">{value}</dd>
    </div>
  );
}

export function ChainSummary({
  decisions,
  closedCount,
  remainingCount,
  onResume,
  onBack,
}: {
  decisions: readonly ChainDecision[];
  closedCount: number;
  remainingCount: number;
  /** Set when the visitor stopped before the end: the chain can go on. */
  onResume: (() => void) | null;
  onBack: () => void;
}) {
  const tally = chainTally(decisions.map((decision) => decision.action));
  const voted = decisions.filter((decision) => decision.action !== 'skip');
  // Votes kept without network and not sent yet, read live: once the connection returns they leave the count.
  const pendingVotes = usePendingVotes();
  const isWaiting = ({ market, action }: ChainDecision) =>
    pendingVotes.some((pending) => pending.kind === 'market' && pending.marketId === market.id && pending.voteType === action);
  const waitingCount = voted.filter(isWaiting).length;
  return (
    <section aria-labelledby="chain-summary-title" className="flex flex-col gap-5" data-testid="chain-summary">
      <Card className="flex flex-col items-center px-5 py-7 text-center sm:px-8">
        <span
          aria-hidden="true"
          className="motion-safe:animate-pop grid size-14 place-items-center rounded-full bg-gradient-to-br from-ocean-50 to-lava-50 text-ocean-700 dark:from-ocean-950 dark:to-slate-900 dark:text-ocean-300"
        >
          <PartyPopper className="size-7" />
        </span>
        <h2 id="chain-summary-title" className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900 dark:text-white">
          {voteChainCopy.chainSummaryCEstFini}
        </h2>
        <p className="mt-1 text-base font-semibold text-slate-700 dark:text-slate-200" data-testid="chain-tally">
          {tallySentence(tally)}
        </p>
        {waitingCount > 0 && (
          <p
            role="status"
            data-testid="chain-pending"
            className="mt-3 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-left text-sm text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/60 dark:text-amber-100"
          >
            <CloudUpload aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
            {voteChainCopy.chainSummaryEnAttente(waitingCount)}
          </p>
        )}
        <dl className="mt-5 grid w-full max-w-sm grid-cols-3 gap-2">
          <Figure
            value={tally.yes}
            label={voteChainCopy.chainSummaryOui}
            className="bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200"
          />
          <Figure
            value={tally.no}
            label={voteChainCopy.chainSummaryNon}
            className="bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-200"
          />
          <Figure
            value={tally.skipped}
            label={tally.skipped > 1 ? voteChainCopy.chainSummaryPassees : voteChainCopy.chainSummaryPassee}
            className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
          />
        </dl>
        {closedCount > 0 && (
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            {closedCount > 1
              ? voteChainCopy.chainSummaryPredictionsSeSontFermees(closedCount)
              : voteChainCopy.chainSummaryN1PredictionSEst}
          </p>
        )}
        <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row-reverse">
          <Button onClick={onBack}>{voteChainCopy.chainSummaryVoirLesResultats}</Button>
          {onResume && (
            <Button variant="outline" onClick={onResume}>
              {voteChainCopy.chainSummaryReprendre}
              {remainingCount} {remainingCount > 1 ? 'restantes' : 'restante'})
            </Button>
          )}
        </div>
      </Card>
      {voted.length > 0 && (
        <section aria-labelledby="chain-votes-title">
          <h3 id="chain-votes-title" className="mb-3 text-lg font-bold text-slate-900 dark:text-white">
            {voteChainCopy.chainSummaryVotreSerie}
          </h3>
          <ul className="flex flex-col gap-2" data-testid="chain-votes">
            {voted.map(({ market, action }) => (
              <li key={market.id} data-waiting={isWaiting({ market, action }) || undefined}>
                <Card className="flex items-center gap-3 p-3.5 sm:p-4">
                  <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-ocean-700 dark:text-ocean-400" />
                  <a
                    href={predictionHash(market.id)}
                    className="min-w-0 flex-1 text-sm font-semibold text-slate-900 underline-offset-2 hover:text-ocean-800 hover:underline sm:text-base dark:text-white dark:hover:text-ocean-300"
                  >
                    {market.title}
                  </a>
                  {isWaiting({ market, action }) && (
                    <span
                      data-testid="chain-vote-pending"
                      className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-amber-800 dark:text-amber-300"
                    >
                      <CloudUpload aria-hidden="true" className="size-3.5" />
                      {voteChainCopy.chainSummaryVoteEnAttente}
                    </span>
                  )}
                  <Badge tone={action === 'yes' ? 'yes' : 'no'} className="shrink-0">
                    {action === 'yes' ? VOTE_LABEL.yes : VOTE_LABEL.no}
                  </Badge>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

export function ChainEmpty({ onBack }: { onBack: () => void }) {
  return (
    <Card className="flex flex-col items-center px-5 py-10 text-center sm:px-10" data-testid="chain-empty">
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300"
      >
        <CircleCheck className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">{voteChainCopy.chainSummaryRienAVoterPour}</h2>
      <p className="mt-2 max-w-md text-sm leading-relaxed text-slate-700 dark:text-slate-300">
        {voteChainCopy.chainSummaryVousAvezVoteSur}
      </p>
      <Button className="mt-5" onClick={onBack}>
        {voteChainCopy.chainSummaryVoirLesResultats}
      </Button>
    </Card>
  );
}
