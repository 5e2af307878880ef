import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Trophy from 'lucide-react/icons/trophy';
import { voteVerdict, type VoteType } from '../../../../shared/market.js';
import { cn } from '../../../components/ui/cn.js';
import { VERDICT_TEXT, VOTE_LABEL } from '../lib.js';
import * as marketsCopy from '../../../copy/markets.js';

/**
 * A resolved prediction's outcome ("Résultat : OUI") and, when this device voted, whether it was right.
 * The same block on the card and in the detail, so a visitor reads one verdict everywhere.
 */
export function ResolvedOutcome({
  outcome,
  userVote,
  large = false,
  className,
}: {
  outcome: VoteType;
  userVote: VoteType | undefined;
  large?: boolean;
  className?: string;
}) {
  const verdict = voteVerdict({ resolved: true, outcome }, userVote);
  return (
    <div
      data-testid="market-outcome"
      data-verdict={verdict ?? 'none'}
      className={cn(
        'rounded-xl border border-lava-200 bg-lava-50 text-lava-950 dark:border-lava-800 dark:bg-lava-900/40 dark:text-lava-50',
        large ? 'rounded-2xl p-4' : 'px-3 py-2.5',
        className,
      )}
    >
      <p className={cn('flex items-center gap-2 font-bold', large ? 'text-base' : 'justify-center text-sm')}>
        <Trophy aria-hidden="true" className={cn('shrink-0 text-lava-600 dark:text-lava-300', large ? 'size-5' : 'size-4')} />
        {marketsCopy.resolvedOutcomeResultat}
        {VOTE_LABEL[outcome]}
      </p>
      {verdict && userVote && (
        <p
          data-testid="market-verdict"
          className={cn(
            'mt-1.5 text-sm',
            !large && 'text-center',
            verdict === 'right' ? 'text-emerald-800 dark:text-emerald-300' : 'text-slate-700 dark:text-slate-300',
          )}
        >
          {verdict === 'right' ? (
            <CircleCheck aria-hidden="true" className="mr-1.5 inline size-4 align-[-0.2em]" />
          ) : (
            <CircleX aria-hidden="true" className="mr-1.5 inline size-4 align-[-0.2em]" />
          )}
          {/* One sentence that wraps between words, never before "·" nor before OUI/NON: where it fits, one line. */}
          <strong className="font-bold">{VERDICT_TEXT[verdict]}</strong>
          {marketsCopy.resolvedOutcomeVousAvezVote(VOTE_LABEL[userVote])}
        </p>
      )}
    </div>
  );
}
