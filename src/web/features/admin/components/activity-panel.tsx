import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiError, errorText } from '../../../lib/api-client.js';
import { activityQuery } from '../api/admin-queries.js';
import { formatCount } from '../../../../shared/format.js';
import { FormError } from './fields.js';
import * as adminCopy from '../../../copy/admin.js';

const REFUSALS = [
  { key: 'replays', label: adminCopy.activityPanelPreuvesRejouees },
  { key: 'rateLimited', label: adminCopy.activityPanelLimitesDeDebit },
  { key: 'proof', label: adminCopy.activityPanelPreuvesInvalides },
] as const;

const PAGER_BUTTON = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/**
 * Recent votes per prediction, one page of the busiest at a time, and today's refusals, asked again every few seconds
 * while the screen is open.
 */
export function ActivityPanel({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  const [page, setPage] = useState(1);
  const { data, error } = useQuery(activityQuery(token, page));
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized();
  }, [error, onUnauthorized]);
  // Predictions deleted meanwhile can take the page being read away (the server refuses a page past the end): back
  // to the first page, set during this render as React recommends for state that follows other state.
  if (error instanceof ApiError && error.status === 400 && page > 1) setPage(1);

  if (!data) {
    return error ? (
      <FormError message={errorText(error)} />
    ) : (
      <div className="flex justify-center py-10 text-ocean-700 dark:text-ocean-300">
        <Spinner className="size-7" label={adminCopy.activityPanelChargementDeLActivite} />
      </div>
    );
  }
  const active = data.markets.filter((market) => market.votesLastHour > 0);
  return (
    <section aria-labelledby="admin-activity" className="flex flex-col gap-4">
      <div>
        <h2 id="admin-activity" className="text-xl font-bold text-slate-900 dark:text-white">
          {adminCopy.activityPanelActiviteEnDirect}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {adminCopy.activityPanelMiseAJourToutes}
          {new Date(data.generatedAt).toLocaleTimeString('fr-FR', { timeZone: 'Indian/Reunion' })}).
        </p>
      </div>
      {error && <FormError message={errorText(error)} />}
      <Card className="p-4">
        <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-200">
          {adminCopy.activityPanelVotesRefusesAujourdHui}
        </h3>
        <dl className="mt-3 grid grid-cols-3 gap-2">
          {REFUSALS.map(({ key, label }) => (
            <div key={key} className="rounded-xl bg-slate-50 px-2.5 py-2 sm:px-3 sm:py-2.5 dark:bg-slate-800/70">
              <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white" data-refusal={key}>
                {formatCount(data.refused[key])}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className="overflow-hidden">
        {active.length === 0 ? (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-400">{adminCopy.activityPanelAucunVoteDansLa}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="px-4 pt-4 text-left text-sm font-semibold text-slate-800 dark:text-slate-200">
              {adminCopy.activityPanelVotesParPrediction}
            </caption>
            <thead>
              <tr className="text-xs text-slate-600 dark:text-slate-300">
                <th scope="col" className="px-4 py-2 font-medium">
                  {adminCopy.activityPanelPrediction}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium whitespace-nowrap">
                  {adminCopy.activityPanelN5Min}
                </th>
                <th scope="col" className="py-2 pr-4 pl-2 text-right font-medium whitespace-nowrap">
                  {adminCopy.activityPanelN1H}
                </th>
              </tr>
            </thead>
            <tbody>
              {active.map((market) => (
                <tr key={market.id} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="px-4 py-2.5 font-medium text-slate-900 dark:text-slate-100">
                    {market.title}
                  </th>
                  <td className="px-2 py-2.5 text-right font-bold tabular-nums">{formatCount(market.votesLast5Minutes)}</td>
                  <td className="py-2.5 pr-4 pl-2 text-right tabular-nums">{formatCount(market.votesLastHour)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      {data.pageCount > 1 && (
        <nav aria-label={adminCopy.activityPanelPagesDeLActivite} className="flex flex-wrap items-center justify-between gap-3">
          {/* aria-disabled, not disabled: the button that has just reached the first or last page keeps the focus. */}
          <Button
            variant="outline"
            size="sm"
            aria-disabled={page <= 1}
            className={PAGER_BUTTON}
            onClick={() => page > 1 && setPage(page - 1)}
          >
            {adminCopy.activityPanelPrecedente}
          </Button>
          <p
            aria-live="polite"
            className="order-first w-full text-center text-sm text-slate-700 tabular-nums sm:order-none sm:w-auto dark:text-slate-300"
          >
            {adminCopy.activityPanelPage}
            {data.page} {adminCopy.activityPanelSur}
            {data.pageCount} · {formatCount(data.total)} {adminCopy.activityPanelPredictions}
          </p>
          <Button
            variant="outline"
            size="sm"
            aria-disabled={page >= data.pageCount}
            className={PAGER_BUTTON}
            onClick={() => page < data.pageCount && setPage(page + 1)}
          >
            {adminCopy.activityPanelSuivante}
          </Button>
        </nav>
      )}
    </section>
  );
}
