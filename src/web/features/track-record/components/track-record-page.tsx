import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import Info from 'lucide-react/icons/info';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Smartphone from 'lucide-react/icons/smartphone';
import Target from 'lucide-react/icons/target';
import Users from 'lucide-react/icons/users';
import X from 'lucide-react/icons/x';
import { useEffect, useMemo, type ComponentType, type SVGProps } from 'react';
import { trackRecord, type TrackRecord, type TrackRecordEntry } from '../../../../shared/track-record.js';
import { BackButton } from '../../../components/ui/back-button.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { cn } from '../../../components/ui/cn.js';
import { PageTitle } from '../../../components/ui/page-title.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { errorText } from '../../../lib/api-client.js';
import { predictionHash } from '../../../lib/prediction-link.js';
import { itemsOf, trackRecordPagesOptions, userVotesQueryOptions } from '../../markets/index.js';
import {
  comparisonSentence,
  crowdSentence,
  deviceSentence,
  formatScore,
  formatShare,
  resolvedCount,
  voteLabel,
} from '../lib/track-record-text.js';
import * as trackRecordCopy from '../../../copy/track-record.js';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

function ScoreCard({
  icon: CardIcon,
  label,
  share,
  sentence,
  score,
  testId,
  highlight,
}: {
  icon: Icon;
  label: string;
  share: number;
  sentence: string;
  score: number;
  testId: string;
  highlight: boolean;
}) {
  return (
    <Card className={cn('flex flex-col p-5 sm:p-6', highlight && 'border-ocean-300 dark:border-ocean-700')} data-testid={testId}>
      <h3 className="flex items-center gap-2 text-sm font-bold tracking-wide text-slate-600 uppercase dark:text-slate-300">
        <CardIcon aria-hidden="true" className="size-4 text-ocean-700 dark:text-ocean-400" />
        {label}
      </h3>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-2 text-slate-900 dark:text-white">
        <span className="text-4xl font-extrabold tabular-nums sm:text-5xl">{formatShare(share)}</span>
        <span className="text-sm font-semibold text-slate-600 dark:text-slate-400">
          {trackRecordCopy.trackRecordPageDePredictionsJustes}
        </span>
      </p>
      <p data-testid={`${testId}-sentence`} className="mt-2 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
        {sentence}
      </p>
      <dl className="mt-auto flex items-baseline justify-between gap-3 border-t border-slate-100 pt-3 dark:border-slate-800">
        <dt className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          {trackRecordCopy.trackRecordPageScoreDeBrier}
          {highlight && <Badge tone="yes">{trackRecordCopy.trackRecordPageLeMeilleur}</Badge>}
        </dt>
        <dd data-testid={`${testId}-brier`} className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
          {formatScore(score)}
        </dd>
      </dl>
    </Card>
  );
}

function Summary({ record }: { record: TrackRecord }) {
  const total = record.entries.length;
  const deviceBrier = record.deviceBrier ?? 0;
  const crowdBrier = record.crowdBrier ?? 0;
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="mb-3 text-lg font-bold text-slate-900 dark:text-white">
        {trackRecordCopy.trackRecordPageSur}
        {resolvedCount(total)}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <ScoreCard
          icon={Smartphone}
          label={trackRecordCopy.trackRecordPageVous}
          share={record.deviceRightCount / total}
          sentence={deviceSentence(record.deviceRightCount, total)}
          score={deviceBrier}
          testId="device"
          highlight={record.comparison === 'better'}
        />
        <ScoreCard
          icon={Users}
          label={trackRecordCopy.trackRecordPageLaFoule}
          share={record.crowdRightCount / total}
          sentence={crowdSentence(record.crowdRightCount, record.crowdEvenCount, total)}
          score={crowdBrier}
          testId="crowd"
          highlight={record.comparison === 'worse'}
        />
      </div>
      {record.comparison && (
        <p
          data-testid="comparison"
          className="mt-3 rounded-2xl bg-gradient-to-br from-ocean-50 to-lava-50 px-4 py-3 text-sm font-semibold text-slate-900 sm:text-base dark:from-ocean-950 dark:to-slate-900 dark:text-white"
        >
          {comparisonSentence(record.comparison)}
        </p>
      )}
    </section>
  );
}

function BrierExplanation() {
  return (
    <section aria-labelledby="brier-title">
      <Card className="p-5 sm:p-6">
        <h2 id="brier-title" className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
          <Info aria-hidden="true" className="size-5 shrink-0 text-ocean-700 dark:text-ocean-400" />
          {trackRecordCopy.trackRecordPageLeScoreDeBrier}
        </h2>
        <div className="mt-2 space-y-2 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
          <p>
            {trackRecordCopy.trackRecordPageIlMesureLEcart}
            <strong>{trackRecordCopy.trackRecordPageN0EstParfait}</strong>,{' '}
            <strong>{trackRecordCopy.trackRecordPageN1VeutDireToujours}</strong>
            {trackRecordCopy.trackRecordPagePlusIlEstBas}
          </p>
          <p>{trackRecordCopy.trackRecordPageUnVoteOuiCompte}</p>
          <p>{trackRecordCopy.trackRecordPagePourChaquePredictionOn}</p>
        </div>
      </Card>
    </section>
  );
}

function EntryRow({ entry }: { entry: TrackRecordEntry }) {
  const { market, vote, outcome, deviceRight, crowdYesShare } = entry;
  return (
    <li>
      <Card className="flex items-start gap-3 p-4 sm:gap-4">
        <span
          className={cn(
            'mt-0.5 grid size-8 shrink-0 place-items-center rounded-full',
            deviceRight
              ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
              : 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300',
          )}
        >
          {deviceRight ? (
            <Check aria-hidden="true" className="size-4" strokeWidth={3} />
          ) : (
            <X aria-hidden="true" className="size-4" strokeWidth={3} />
          )}
          <span className="sr-only">
            {deviceRight ? trackRecordCopy.trackRecordPageVuJuste : trackRecordCopy.trackRecordPageRate}
          </span>
        </span>
        <div className="min-w-0 flex-1">
          <a
            href={predictionHash(market.id)}
            className="font-semibold text-slate-900 underline-offset-2 hover:text-ocean-800 hover:underline dark:text-white dark:hover:text-ocean-300"
          >
            {market.title}
          </a>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={trackRecordCopy.trackRecordPageDetail}>
            <li>
              <Badge tone={vote === 'yes' ? 'yes' : 'no'}>
                {trackRecordCopy.trackRecordPageVotreVote}
                {voteLabel(vote)}
              </Badge>
            </li>
            <li>
              <Badge tone="neutral">
                {trackRecordCopy.trackRecordPageResultat}
                {voteLabel(outcome)}
              </Badge>
            </li>
            <li>
              <Badge tone="brand">
                {trackRecordCopy.trackRecordPageFoule}
                {formatShare(crowdYesShare)} {trackRecordCopy.trackRecordPageDeOui}
              </Badge>
            </li>
          </ul>
        </div>
      </Card>
    </li>
  );
}

function Loading() {
  return (
    <div aria-busy="true" className="space-y-3">
      <p className="sr-only">{trackRecordCopy.trackRecordPageChargementDuBilan}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-48 rounded-2xl" />
        <Skeleton className="h-48 rounded-2xl" />
      </div>
      <Skeleton className="h-20 rounded-2xl" />
      <Skeleton className="h-20 rounded-2xl" />
    </div>
  );
}

function EmptyState({ onBack }: { onBack: () => void }) {
  return (
    <Card className="flex flex-col items-center px-5 py-10 text-center sm:px-10" data-testid="track-record-empty">
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-full bg-ocean-50 text-ocean-700 dark:bg-ocean-950 dark:text-ocean-300"
      >
        <Target className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">{trackRecordCopy.trackRecordPagePasEncoreDeBilan}</h2>
      <p className="mt-2 max-w-md text-sm leading-relaxed text-slate-700 dark:text-slate-300">
        {trackRecordCopy.trackRecordPageAucunePredictionSurLaquelle}
      </p>
      <Button className="mt-5" onClick={onBack}>
        {trackRecordCopy.trackRecordPageVoirLesPredictions}
      </Button>
    </Card>
  );
}

function Content({ onBack }: { onBack: () => void }) {
  // Only the resolved predictions this device voted on, every page of them: not the whole catalogue.
  const markets = useInfiniteQuery(trackRecordPagesOptions);
  const votes = useQuery(userVotesQueryOptions);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = markets;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const complete = markets.data !== undefined && !hasNextPage;
  const record = useMemo(
    () => (complete && votes.data ? trackRecord(itemsOf(markets.data), votes.data) : null),
    [complete, markets.data, votes.data],
  );

  if (markets.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm font-semibold text-rose-700 dark:text-rose-400">
          {trackRecordCopy.trackRecordPageImpossibleDeChargerLes}
          {errorText(markets.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void markets.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {trackRecordCopy.trackRecordPageReessayer}
        </Button>
      </div>
    );
  }
  if (record === null) return <Loading />;
  if (record.entries.length === 0) return <EmptyState onBack={onBack} />;
  return (
    <div className="space-y-8">
      <Summary record={record} />
      <BrierExplanation />
      <section aria-labelledby="entries-title">
        <h2 id="entries-title" className="mb-3 text-lg font-bold text-slate-900 dark:text-white">
          {trackRecordCopy.trackRecordPagePredictionParPrediction}
        </h2>
        <ul className="grid gap-3 lg:grid-cols-2" data-testid="track-record-entries">
          {record.entries.map((entry) => (
            <EntryRow key={entry.market.id} entry={entry} />
          ))}
        </ul>
      </section>
    </div>
  );
}

/** "Mon bilan": how this device's votes fared on the resolved predictions, against the crowd. */
export function TrackRecordPage({ onBack }: { onBack: () => void }) {
  return (
    <div className="mx-auto w-full max-w-5xl">
      <BackButton onClick={onBack} />
      <header className="mt-3 mb-6">
        <PageTitle icon={Target} title={trackRecordCopy.trackRecordPageMonBilan} />
        <p className="mt-3 text-sm leading-relaxed text-slate-600 sm:text-base dark:text-slate-300">
          {trackRecordCopy.trackRecordPageCalculeUniquementAPartir}
        </p>
      </header>
      <Content onBack={onBack} />
    </div>
  );
}
