import CircleCheck from 'lucide-react/icons/circle-check';
import CloudUpload from 'lucide-react/icons/cloud-upload';
import Flame from 'lucide-react/icons/flame';
import MapPin from 'lucide-react/icons/map-pin';
import Users from 'lucide-react/icons/users';
import { useId } from 'react';
import { MUNICIPAL_TOP_CANDIDATES } from '../../../../shared/constants.js';
import { candidateShare, communeDisplayName, type Commune } from '../../../../shared/municipal.js';
import { Badge } from '../../../components/ui/badge.js';
import { cn } from '../../../components/ui/cn.js';
import { usePendingCommuneVote } from '../../../lib/pending-votes.js';
import { CandidateRank, ShareBar } from './candidate-rank.js';
import { formatPercent, votesLabel } from '../../../../shared/format.js';
import * as municipalCopy from '../../../copy/municipal.js';

/** A commune: its name, trending badge, top three candidates with their share, and the total. */
export function CommuneCard({ commune, voted, onOpen }: { commune: Commune; voted: boolean; onOpen: () => void }) {
  const titleId = useId();
  const name = communeDisplayName(commune.title);
  // A vote made without network, kept on this device until the connection returns.
  const pending = usePendingCommuneVote(commune.id);
  return (
    <article
      aria-labelledby={titleId}
      data-testid="commune-card"
      data-commune-id={commune.id}
      className={cn(
        'group relative flex flex-col rounded-2xl border bg-white p-4 shadow-soft transition duration-200 hover:-translate-y-0.5 hover:shadow-lift has-[button:focus-visible]:ring-2 has-[button:focus-visible]:ring-ocean-500 dark:bg-slate-900',
        commune.trending
          ? 'border-lava-200 hover:border-lava-300 dark:border-lava-900/70 dark:hover:border-lava-800'
          : 'border-slate-200/80 hover:border-ocean-300 dark:border-slate-800 dark:hover:border-ocean-700',
      )}
    >
      {/* Narrower than 300 px (a phone at 200 % zoom) the name wraps and the badge goes under it, rather than cutting it. */}
      <div className="flex flex-wrap items-start justify-between gap-2 min-[300px]:flex-nowrap">
        <h3
          id={titleId}
          className="flex min-w-0 items-center gap-1.5 text-base leading-snug font-bold text-slate-900 dark:text-white"
        >
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-ocean-600 dark:text-ocean-400" />
          <button
            type="button"
            onClick={onOpen}
            data-testid="commune-open"
            className="min-w-0 text-left wrap-break-word outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] min-[300px]:truncate"
          >
            {name}
          </button>
        </h3>
        {commune.trending && (
          <Badge tone="trending" className="shrink-0">
            <Flame aria-hidden="true" className="size-3" />
            {municipalCopy.communeCardTendance}
          </Badge>
        )}
      </div>

      <ol className="mt-3 space-y-2.5" aria-label={municipalCopy.communeCardTroisPremiersCandidatsA(name)}>
        {commune.candidates.slice(0, MUNICIPAL_TOP_CANDIDATES).map((candidate, index) => {
          const share = candidateShare(candidate.votes, commune.totalVotes);
          return (
            <li key={candidate.id} data-testid="commune-candidate">
              {/* Narrower than 300 px the name wraps beside the rank and the share goes under it. */}
              <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2.5 min-[300px]:flex">
                <CandidateRank rank={index + 1} className="size-6 text-[11px]" />
                <span
                  data-testid="commune-candidate-name"
                  className="min-w-0 flex-1 text-sm font-medium wrap-break-word text-slate-800 min-[300px]:truncate dark:text-slate-200"
                >
                  {candidate.name}
                </span>
                <span
                  data-testid="candidate-share"
                  className="col-start-2 text-sm font-bold text-slate-900 tabular-nums dark:text-white"
                >
                  {formatPercent(share, 1)}
                </span>
              </div>
              <ShareBar share={share} rank={index + 1} className="mt-1 ml-8.5" />
            </li>
          );
        })}
      </ol>

      <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs font-medium text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <span className="inline-flex items-center gap-1.5" data-testid="commune-total">
          <Users aria-hidden="true" className="size-3.5" />
          {votesLabel(commune.totalVotes)}
        </span>
        {voted ? (
          <span className="inline-flex items-center gap-1 font-semibold text-emerald-700 dark:text-emerald-400">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            {municipalCopy.communeCardVousAvezVote}
          </span>
        ) : pending ? (
          <span
            data-testid="commune-pending"
            className="inline-flex items-center gap-1 font-semibold text-amber-800 dark:text-amber-300"
          >
            <CloudUpload aria-hidden="true" className="size-3.5" />
            {municipalCopy.communeCardVoteEnAttente}
          </span>
        ) : (
          <span
            aria-hidden="true"
            className="font-semibold whitespace-nowrap text-ocean-700 group-hover:underline dark:text-ocean-300"
          >
            {municipalCopy.communeCardVoter}
          </span>
        )}
      </div>
    </article>
  );
}

export function CommuneCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="commune-skeleton"
      className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-soft dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="animate-shimmer h-5 w-2/5 rounded-md bg-slate-200 dark:bg-slate-800" />
      {[0, 1, 2].map((index) => (
        <div key={index} className="mt-3.5 flex items-center gap-2.5">
          <div className="animate-shimmer size-6 rounded-full bg-slate-200 dark:bg-slate-800" />
          <div className="animate-shimmer h-3.5 flex-1 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="animate-shimmer h-3.5 w-10 rounded bg-slate-200 dark:bg-slate-800" />
        </div>
      ))}
      <div className="animate-shimmer mt-4 h-3 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}
