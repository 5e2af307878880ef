import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Info from 'lucide-react/icons/info';
import PartyPopper from 'lucide-react/icons/party-popper';
import Users from 'lucide-react/icons/users';
import { useId, useState } from 'react';
import { MUNICIPAL_TOP_CANDIDATES } from '../../../../shared/constants.js';
import { candidateShare, type Commune } from '../../../../shared/municipal.js';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { ShareButton } from '../../../components/ui/share-button.js';
import { Sheet } from '../../../components/ui/sheet.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { PendingVoteNote, PendingVoteOutcome } from '../../../components/pending-vote-note.js';
import { usePendingCommuneVote, usePendingOutcome } from '../../../lib/pending-votes.js';
import { communeShareUrl } from '../../../lib/prediction-link.js';
import { pendingVoteKey } from '../../../../shared/pending-votes.js';
import {
  isAlreadyVotedError,
  keptMunicipalVoteErrorText,
  municipalVoteErrorText,
  useCastMunicipalVote,
} from '../api/cast-municipal-vote.js';
import { useCandidates } from '../api/get-candidates.js';
import { useMunicipalVotes } from '../api/get-municipal-votes.js';
import { CandidateRank, ShareBar } from './candidate-rank.js';
import { CommuneHistory } from './commune-history.js';
import { formatPercent, otherCandidatesLabel, votesLabel } from '../../../../shared/format.js';
import * as municipalCopy from '../../../copy/municipal.js';

/**
 * A commune's election in a sheet: its top three candidates first, as the specification shows them, then
 * "Voir les N autres candidats" opens the rest so that every candidate can be chosen; "Confirmer le vote".
 * Once this device has voted (or the server says so) the choice is locked and the notice shows.
 */
export function CommuneDetail({ commune, onClose }: { commune: Commune; onClose: () => void }) {
  const candidatesQuery = useCandidates(commune.id);
  const votes = useMunicipalVotes();
  const castVote = useCastMunicipalVote();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [refusedAsDuplicate, setRefusedAsDuplicate] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const othersId = useId();

  const record = votes.data?.find((item) => item.marketId === commune.id);
  // A vote made without network waits on this device (sent once the connection returns): the choice is locked meanwhile.
  const pendingKey = pendingVoteKey({ kind: 'commune', communeId: commune.id });
  const pending = usePendingCommuneVote(commune.id);
  const pendingOutcome = usePendingOutcome(pendingKey);
  const alreadyVoted = record !== undefined || refusedAsDuplicate;
  const waiting = pending !== undefined && !alreadyVoted;
  const locked = alreadyVoted || waiting || castVote.isPending || votes.isPending;
  // The detail's own query holds every candidate; until it answers (or if it fails) the list's top three stand in.
  const all = candidatesQuery.data ?? commune.candidates;
  const othersCount = Math.max(0, all.length - MUNICIPAL_TOP_CANDIDATES);
  // The visitor's own choice is never hidden behind the button.
  const mineIsHidden =
    all.findIndex((candidate) => candidate.id === (record?.candidateId ?? (waiting ? pending.candidateId : undefined))) >=
    MUNICIPAL_TOP_CANDIDATES;
  const expanded = showAll || mineIsHidden;
  const candidates = expanded ? all : all.slice(0, MUNICIPAL_TOP_CANDIDATES);
  const totalVotes = commune.totalVotes;
  const showSkeleton = candidatesQuery.isPending && commune.candidates.length === 0;
  const failure = castVote.isError ? municipalVoteErrorText(castVote.error) : null;
  const nameOf = (id: string | undefined) => all.find((candidate) => candidate.id === id)?.name;
  const votedName = nameOf(castVote.variables?.candidateId);
  const recordName = nameOf(record?.candidateId);
  const pendingName = nameOf(pending?.candidateId);
  // Just voted, here or (kept without network) once the connection returned.
  const justVoted = (castVote.isSuccess && !castVote.data.kept) || (pendingOutcome?.kind === 'sent' && record !== undefined);
  const thanksName = castVote.isSuccess && !castVote.data.kept ? votedName : recordName;

  function confirm() {
    if (!selectedId || locked) return;
    castVote.mutate(
      { communeId: commune.id, candidateId: selectedId },
      {
        onError: (error) => {
          // "Already voted" shows the notice; any other failure just stops (the specification's rule).
          if (isAlreadyVotedError(error)) setRefusedAsDuplicate(true);
        },
      },
    );
  }

  return (
    <Sheet
      open
      onClose={onClose}
      title={commune.title}
      footer={
        alreadyVoted || waiting ? undefined : (
          <Button
            variant="primary"
            size="lg"
            className="w-full"
            disabled={!selectedId || locked}
            onClick={confirm}
            data-testid="municipal-confirm"
          >
            {castVote.isPending ? (
              <>
                <Spinner />
                {municipalCopy.communeDetailVoteEnCours}
              </>
            ) : (
              <>
                <Check aria-hidden="true" className="size-5" />
                {municipalCopy.communeDetailConfirmerLeVote}
              </>
            )}
          </Button>
        )
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 pt-0.5">
        <p className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400" data-testid="detail-total">
          <Users aria-hidden="true" className="size-4" />
          {votesLabel(totalVotes)}
        </p>
        <ShareButton title={commune.title} url={communeShareUrl(commune.id)} />
      </div>

      {justVoted ? (
        // Just voted: the thanks and the candidate chosen, nothing that could read as a refusal.
        <p
          role="status"
          data-testid="vote-thanks"
          className="animate-pop mt-4 flex items-center gap-2.5 rounded-xl bg-emerald-600 px-3.5 py-3 text-sm font-bold text-white dark:bg-emerald-500 dark:text-emerald-950"
        >
          <PartyPopper aria-hidden="true" className="size-5 shrink-0" />
          {thanksName ? municipalCopy.communeDetailMerciVotreVotePour(thanksName) : municipalCopy.communeDetailMerciVotreVoteEst}
        </p>
      ) : (
        alreadyVoted && (
          // Coming back later (or a vote cast from another tab): information, with the choice when it is known.
          <div
            role="status"
            data-testid="already-voted-notice"
            className="animate-pop mt-4 flex items-start gap-2.5 rounded-xl border border-ocean-200 bg-ocean-50 px-3.5 py-3 text-sm text-ocean-950 dark:border-ocean-800 dark:bg-ocean-950/60 dark:text-ocean-100"
          >
            <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ocean-700 dark:text-ocean-300" />
            <div>
              <p data-testid="already-voted" className="font-semibold">
                {municipalCopy.communeDetailVousAvezDejaVote}
              </p>
              {recordName && (
                <p data-testid="already-voted-choice" className="mt-0.5">
                  {municipalCopy.communeDetailVotreChoix(recordName)}
                </p>
              )}
            </div>
          </div>
        )
      )}

      {waiting && (
        <PendingVoteNote
          title={pendingName ? municipalCopy.communeDetailVoteEnAttente(pendingName) : municipalCopy.communeDetailVoteEnAttente2}
          className="mt-4"
        />
      )}
      <PendingVoteOutcome voteKey={pendingKey} errorText={keptMunicipalVoteErrorText} className="mt-3" />

      {failure && (
        <p role="alert" className="mt-4 text-sm font-semibold text-rose-700 dark:text-rose-400">
          {failure}
        </p>
      )}

      <fieldset className="mt-4 min-w-0" disabled={locked}>
        <legend className="mb-2 text-xs font-bold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          {alreadyVoted || waiting ? municipalCopy.communeDetailResultats : municipalCopy.communeDetailChoisissezVotreCandidat}
        </legend>
        {showSkeleton ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">{municipalCopy.communeDetailChargementDesCandidats}</span>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-16 rounded-xl" />
            ))}
          </div>
        ) : (
          <ul className="space-y-2" data-testid="detail-candidates" id={othersId}>
            {candidates.map((candidate, index) => {
              const share = candidateShare(candidate.votes, totalVotes);
              const selected = selectedId === candidate.id;
              const mine = record?.candidateId === candidate.id;
              const mineWaiting = waiting && pending.candidateId === candidate.id;
              return (
                <li key={candidate.id} data-testid="detail-candidate" data-candidate-id={candidate.id}>
                  {/* Narrower than 300 px (a phone at 200 % zoom) the row is a grid: the rank and the disc on top, then
                      the name and its bar, then the share, each at the row's full width, so the name breaks between words. */}
                  <label
                    className={cn(
                      'grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 rounded-xl border-2 p-3 transition-colors min-[300px]:flex min-[300px]:gap-3',
                      locked ? 'cursor-default' : 'cursor-pointer hover:border-ocean-300 dark:hover:border-ocean-700',
                      mineWaiting
                        ? 'border-amber-400 bg-amber-50 dark:border-amber-600 dark:bg-amber-950/50'
                        : selected || mine
                          ? 'border-ocean-500 bg-ocean-50 dark:border-ocean-400 dark:bg-ocean-950/60'
                          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
                      'has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ocean-500 has-[input:focus-visible]:ring-offset-2 dark:has-[input:focus-visible]:ring-offset-slate-900',
                    )}
                  >
                    <input
                      type="radio"
                      name={`candidate-${commune.id}`}
                      value={candidate.id}
                      checked={selected}
                      onChange={() => setSelectedId(candidate.id)}
                      className="sr-only"
                    />
                    <CandidateRank rank={index + 1} />
                    <span className="col-span-full row-start-2 min-w-0 flex-1">
                      {/* A long name wraps rather than pushing the row past the sheet; the badge goes below it when short of room. */}
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <span
                          data-testid="detail-name"
                          className="min-w-0 leading-snug font-semibold wrap-break-word text-slate-900 dark:text-white"
                        >
                          {candidate.name}
                        </span>
                        {mine && (
                          <span
                            data-testid="my-choice"
                            className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-[11px] font-bold whitespace-nowrap text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                          >
                            {municipalCopy.communeDetailVotreChoix2}
                          </span>
                        )}
                        {mineWaiting && (
                          <span
                            data-testid="pending-choice"
                            className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-bold whitespace-nowrap text-amber-900 dark:bg-amber-900/70 dark:text-amber-100"
                          >
                            {municipalCopy.communeDetailVotreChoixEnAttente}
                          </span>
                        )}
                      </span>
                      <ShareBar share={share} rank={index + 1} className="mt-1.5" />
                    </span>
                    <span className="col-span-full row-start-3 flex shrink-0 flex-wrap items-baseline gap-x-2 text-right min-[300px]:block">
                      <span
                        data-testid="detail-share"
                        className="block text-base font-extrabold text-slate-900 tabular-nums dark:text-white"
                      >
                        {formatPercent(share, 1)}
                      </span>
                      <span data-testid="detail-votes" className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">
                        {votesLabel(candidate.votes)}
                      </span>
                    </span>
                    {/* Once voted, the badge and the border say which is yours: the disc's column goes, giving the name room. */}
                    {!alreadyVoted && !waiting && (
                      <span
                        aria-hidden="true"
                        className={cn(
                          'col-start-3 row-start-1 grid size-5 shrink-0 place-items-center rounded-full border-2',
                          selected
                            ? 'border-ocean-600 bg-ocean-600 text-white dark:border-ocean-400 dark:bg-ocean-400 dark:text-slate-950'
                            : 'border-slate-300 dark:border-slate-600',
                        )}
                      >
                        {selected && <Check className="size-3" strokeWidth={3} />}
                      </span>
                    )}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      {othersCount > 0 && !mineIsHidden && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={othersId}
          data-testid="show-all-candidates"
          onClick={() => setShowAll((value) => !value)}
          className="mt-2 flex min-h-11 w-full items-center justify-center gap-1.5 rounded-xl border-2 border-dashed border-slate-300 px-3 py-2 text-sm font-semibold text-ocean-800 transition-colors hover:border-ocean-400 hover:bg-ocean-50 dark:border-slate-700 dark:text-ocean-300 dark:hover:border-ocean-600 dark:hover:bg-ocean-950/50"
        >
          {expanded ? municipalCopy.communeDetailNeMontrerQueLes : otherCandidatesLabel(othersCount)}
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', expanded && 'rotate-180')} />
        </button>
      )}
      {/* With the results, once this device has voted: before that, the choice comes straight before "Confirmer". */}
      {alreadyVoted && <CommuneHistory communeId={commune.id} shown={candidates.length} />}
    </Sheet>
  );
}
