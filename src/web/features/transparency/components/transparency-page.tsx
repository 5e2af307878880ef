import BadgeCheck from 'lucide-react/icons/badge-check';
import ChartColumn from 'lucide-react/icons/chart-column';
import Cpu from 'lucide-react/icons/cpu';
import Gauge from 'lucide-react/icons/gauge';
import Network from 'lucide-react/icons/network';
import RotateCw from 'lucide-react/icons/rotate-cw';
import ScanSearch from 'lucide-react/icons/scan-search';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserX from 'lucide-react/icons/user-x';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { frenchTypography } from '../../../../shared/format.js';
import type { TransparencyDay } from '../../../../shared/vote-protection.js';
import { BackButton } from '../../../components/ui/back-button.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { PageTitle } from '../../../components/ui/page-title.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { errorText } from '../../../lib/api-client.js';
import { useTransparency } from '../api/get-transparency.js';
import { DAY_COLUMNS, difficultyText, formatCount, formatDay } from '../lib/transparency-text.js';
import * as transparencyCopy from '../../../copy/transparency.js';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const PROTECTION_STEPS: readonly { icon: Icon; title: string; text: ReactNode }[] = [
  {
    icon: BadgeCheck,
    title: transparencyCopy.transparencyPageUneIdentiteDelivreePar,
    text: (
      <>
        {transparencyCopy.transparencyPageDesVotrePremierGeste} <code className="font-mono text-xs">user_fingerprint</code>
        {transparencyCopy.transparencyPageIdentityAfterCode}
      </>
    ),
  },
  {
    icon: Cpu,
    title: transparencyCopy.transparencyPageUnePreuveDeTravail,
    text: <>{transparencyCopy.transparencyPageAvantChaqueVoteLe}</>,
  },
  {
    icon: Network,
    title: transparencyCopy.transparencyPageDesBudgetsQuiRespectent,
    text: <>{transparencyCopy.transparencyPageSurLesReseauxMobiles}</>,
  },
  {
    icon: ScanSearch,
    title: transparencyCopy.transparencyPageDesRafalesRepereesExaminees,
    text: <>{transparencyCopy.transparencyPageQuandUneMemeAdresse}</>,
  },
  {
    icon: UserX,
    title: transparencyCopy.transparencyPageAucuneDonneePersonnelleAucun,
    text: <>{transparencyCopy.transparencyPageLAdresseDeConnexion}</>,
  },
];

function DayCards({ days }: { days: readonly TransparencyDay[] }) {
  return (
    <ul className="space-y-3 md:grid md:grid-cols-2 md:gap-3 md:space-y-0 lg:hidden" data-testid="transparency-day-cards">
      {days.map((day) => (
        <li key={day.day}>
          <Card className="p-4">
            <h3 className="font-bold text-slate-900 first-letter:uppercase dark:text-white">{formatDay(day.day)}</h3>
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
              {DAY_COLUMNS.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-slate-600 dark:text-slate-400">{column.label}</dt>
                  <dd
                    className="text-right font-semibold text-slate-900 tabular-nums dark:text-white"
                    data-testid={`day-${column.key}`}
                  >
                    {formatCount(day[column.key])}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function DayTable({ days }: { days: readonly TransparencyDay[] }) {
  return (
    <Card className="hidden overflow-hidden lg:block">
      <table className="w-full text-sm" data-testid="transparency-table">
        <caption className="sr-only">{transparencyCopy.transparencyPageChiffresDuVotePar}</caption>
        <thead className="bg-slate-50 text-left text-xs text-slate-600 dark:bg-slate-950/60 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {transparencyCopy.transparencyPageJour}
            </th>
            {DAY_COLUMNS.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-3 text-right font-semibold">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {days.map((day) => (
            <tr key={day.day}>
              <th
                scope="row"
                className="px-4 py-2.5 text-left font-semibold text-slate-900 first-letter:uppercase dark:text-white"
              >
                {formatDay(day.day)}
              </th>
              {DAY_COLUMNS.map((column) => (
                <td key={column.key} className="px-3 py-2.5 text-right text-slate-800 tabular-nums dark:text-slate-200">
                  {formatCount(day[column.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Figures() {
  const query = useTransparency();
  if (query.isPending) {
    return (
      <div className="flex min-h-32 items-center justify-center text-ocean-700 dark:text-ocean-300">
        <Spinner className="size-6" label={transparencyCopy.transparencyPageChargementDesChiffres} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm font-semibold text-rose-700 dark:text-rose-400">
          {transparencyCopy.transparencyPageErreur}
          {errorText(query.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {transparencyCopy.transparencyPageReessayer}
        </Button>
      </div>
    );
  }
  const report = query.data;
  const difficulty = difficultyText(report);
  return (
    <div className="space-y-6">
      <section aria-labelledby="difficulty-title">
        <Card className="p-5 sm:p-6">
          <h2 id="difficulty-title" className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
            <Gauge aria-hidden="true" className="size-5 text-ocean-700 dark:text-ocean-400" />
            {/* One flex item: the colon stays bound to its words and the level follows on the same line or the next. */}
            <span>
              {frenchTypography(transparencyCopy.transparencyPageDifficulteDuJour)}{' '}
              <span data-testid="difficulty-level" className="text-ocean-800 dark:text-ocean-300">
                {difficulty.level}
              </span>
            </span>
          </h2>
          <p data-testid="difficulty-text" className="mt-2 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
            {difficulty.sentence}
          </p>
        </Card>
      </section>

      <section aria-labelledby="days-title">
        <h2 id="days-title" className="mb-1 flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
          <ChartColumn aria-hidden="true" className="size-5 text-ocean-700 dark:text-ocean-400" />
          {transparencyCopy.transparencyPageJourParJour}
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{transparencyCopy.transparencyPageLes30DerniersJours}</p>
        {report.days.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{transparencyCopy.transparencyPageAucunVoteEnregistrePour}</p>
        ) : (
          <>
            <DayCards days={report.days} />
            <DayTable days={report.days} />
          </>
        )}
        <dl className="mt-4 grid gap-1.5 text-xs text-slate-600 sm:grid-cols-2 dark:text-slate-400">
          {DAY_COLUMNS.map((column) => (
            <div key={column.key}>
              <dt className="inline font-semibold text-slate-800 dark:text-slate-200">{column.label}</dt>
              <dd className="inline"> : {column.hint}.</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

/** "Transparence des votes": the public daily figures of the vote protection and how it works, in plain French. */
export function TransparencyPage({ onBack }: { onBack: () => void }) {
  return (
    <div className="mx-auto w-full max-w-5xl">
      <BackButton onClick={onBack} />
      <header className="mt-3 mb-6">
        <PageTitle icon={ShieldCheck} title={transparencyCopy.transparencyPageTransparenceDesVotes} />
        <p className="mt-3 text-sm leading-relaxed text-slate-600 sm:text-base dark:text-slate-300">
          {frenchTypography(transparencyCopy.transparencyPageChaqueVoteCompteUne)}
        </p>
      </header>

      <Figures />

      <section aria-labelledby="how-title" className="mt-8">
        <h2 id="how-title" className="mb-3 text-lg font-bold text-slate-900 dark:text-white">
          {transparencyCopy.transparencyPageCommentVosVotesSont}
        </h2>
        <ol className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {PROTECTION_STEPS.map(({ icon: StepIcon, title, text }) => (
            <li key={title}>
              <Card className="h-full p-5">
                <h3 className="flex items-center gap-2 font-bold text-slate-900 dark:text-white">
                  <StepIcon aria-hidden="true" className="size-5 shrink-0 text-ocean-700 dark:text-ocean-400" />
                  {title}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700 dark:text-slate-300">{text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
