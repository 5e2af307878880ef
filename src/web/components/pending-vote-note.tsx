import CloudUpload from 'lucide-react/icons/cloud-upload';
import { MESSAGES } from '../../shared/messages.js';
import { usePendingOutcome } from '../lib/pending-votes.js';
import { cn } from './ui/cn.js';

/**
 * A vote made without network and kept on this device (a prediction's or a commune's): which, in `title`
 * ("Vote OUI en attente."), and that it goes out once the connection returns.
 */
export function PendingVoteNote({ title, className }: { title: string; className?: string }) {
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
        <strong className="font-bold">{title}</strong> {MESSAGES.pendingVote}
      </span>
    </p>
  );
}

/**
 * What became of the vote kept for `voteKey` (`pendingVoteKey`) once the connection returned: sent, or refused by
 * the server and why (`errorText`, the screen's own wording of a failed vote).
 */
export function PendingVoteOutcome({
  voteKey,
  errorText,
  className,
}: {
  voteKey: string;
  errorText: (error: unknown) => string;
  className?: string;
}) {
  const outcome = usePendingOutcome(voteKey);
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
      {`${MESSAGES.pendingVoteRefused} ${errorText(outcome.error)}`}
    </p>
  );
}
