import CloudUpload from 'lucide-react/icons/cloud-upload';
import { MESSAGES } from '../../../../shared/messages.js';
import type { VoteType } from '../../../../shared/market.js';
import { cn } from '../../../components/ui/cn.js';
import { voteErrorText } from '../api/cast-vote.js';
import { usePendingOutcome } from '../api/pending-votes.js';
import { VOTE_LABEL } from '../lib.js';
import * as marketsCopy from '../../../copy/markets.js';

/** A vote made without network and kept on this device: which, and that it goes out once the connection returns. */
export function PendingVoteNote({ voteType, className }: { voteType: VoteType; className?: string }) {
  return (
    <p
      role="status"
      data-testid="pending-vote"
      className={cn(
        'flex items-start gap-2.5 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/60 dark:text-amber-100',
        className,
      )}
    >
      <CloudUpload aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
      <span>
        <strong className="font-bold">{marketsCopy.pendingVoteNoteVoteEnAttente(VOTE_LABEL[voteType])}</strong>{' '}
        {MESSAGES.pendingVote}
      </span>
    </p>
  );
}

/** What became of the kept vote once the connection returned: sent, or refused by the server and why. */
export function PendingVoteOutcome({ marketId, className }: { marketId: string; className?: string }) {
  const outcome = usePendingOutcome(marketId);
  if (!outcome) return null;
  return outcome.kind === 'sent' ? (
    <p
      role="status"
      data-testid="pending-vote-sent"
      className={cn('text-sm font-medium text-emerald-800 dark:text-emerald-300', className)}
    >
      {MESSAGES.pendingVoteSent}
    </p>
  ) : (
    <p
      role="alert"
      data-testid="pending-vote-refused"
      className={cn('text-sm font-medium text-rose-700 dark:text-rose-400', className)}
    >
      {`${MESSAGES.pendingVoteRefused} ${voteErrorText(outcome.error)}`}
    </p>
  );
}
