import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Burst } from '../../../../shared/api/admin.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiError, errorText } from '../../../lib/api-client.js';
import { formatCount } from '../../../../shared/format.js';
import { adminCaller } from '../api/admin-caller.js';
import { adminKeys } from '../api/admin-queries.js';
import { useAdminCall } from '../api/admin-session.js';
import { FormError } from './fields.js';
import * as adminCopy from '../../../copy/admin.js';

/** The list runs the detection on the server: asked again every 30 seconds while the section is open. */
const BURSTS_REFRESH_MS = 30_000;

const burstsQuery = (token: string) =>
  queryOptions({
    queryKey: adminKeys.bursts,
    queryFn: ({ signal }) => adminCaller(token)('listBursts', { signal }),
    refetchInterval: BURSTS_REFRESH_MS,
    staleTime: 0,
  });

const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count > 1 ? 's' : ''}`;
const time = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { timeZone: 'Indian/Reunion', dateStyle: 'short', timeStyle: 'short' });
const sideLabel = (burst: Burst) =>
  burst.item.kind === 'market'
    ? burst.side === 'yes'
      ? adminCopy.burstsAdminOui
      : adminCopy.burstsAdminNon
    : adminCopy.burstsAdminCandidat(burst.side);

/** « Rafales »: the concentrated groups of votes found by the server, each with its exclusion or reinstatement. */
export function BurstsAdmin({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  const { data, error } = useQuery(burstsQuery(token));
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized();
  }, [error, onUnauthorized]);

  return (
    <section aria-labelledby="admin-bursts" className="flex flex-col gap-4">
      <div>
        <h2 id="admin-bursts" className="text-xl font-bold text-slate-900 dark:text-white">
          {adminCopy.burstsAdminRafales}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{adminCopy.burstsAdminDesDizainesDeVotes}</p>
      </div>
      {error && <FormError message={errorText(error)} />}
      {!data ? (
        !error && (
          <div className="flex justify-center py-10 text-ocean-700 dark:text-ocean-300">
            <Spinner className="size-7" label={adminCopy.burstsAdminChargementDesRafales} />
          </div>
        )
      ) : data.length === 0 ? (
        <Card className="p-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">{adminCopy.burstsAdminAucuneRafaleDetectee}</p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.map((burst) => (
            <li key={burst.id}>
              <BurstCard burst={burst} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BurstCard({ burst }: { burst: Burst }) {
  const queryClient = useQueryClient();
  const call = useAdminCall();
  const [asking, setAsking] = useState(false);
  const excluded = burst.status === 'excluded';

  async function decide() {
    const params = { id: burst.id };
    const answer = excluded ? await call.run('includeBurst', { params }) : await call.run('excludeBurst', { params });
    if (!answer) return;
    setAsking(false);
    queryClient.setQueryData<Burst[]>(adminKeys.bursts, (list = []) =>
      list.map((other) => (other.id === answer.value.id ? answer.value : other)),
    );
    // The public counts moved: the admin lists read them again.
    void queryClient.invalidateQueries({ queryKey: adminKeys.markets });
    void queryClient.invalidateQueries({ queryKey: adminKeys.communes });
  }

  return (
    <Card className="flex flex-col gap-3 p-4" role="group" aria-label={adminCopy.burstsAdminRafaleSur(burst.item.title)}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={excluded ? 'danger' : 'warning'}>
          {excluded ? adminCopy.burstsAdminExclue : adminCopy.burstsAdminComptee}
        </Badge>
        <Badge tone={burst.side === 'no' ? 'no' : 'yes'}>{sideLabel(burst)}</Badge>
        <Badge>{burst.item.kind === 'market' ? adminCopy.burstsAdminPrediction : adminCopy.burstsAdminCommune}</Badge>
      </div>
      <h3 className="text-base font-bold text-slate-900 dark:text-white">{burst.item.title}</h3>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Figure label={adminCopy.burstsAdminVotes} value={formatCount(burst.votes)} testId="burst-votes" />
        <Figure label={adminCopy.burstsAdminAdresses} value={formatCount(burst.addresses)} testId="burst-addresses" />
        <Figure label={adminCopy.burstsAdminIdentitesNeuves} value={formatCount(burst.identities.fresh)} testId="burst-fresh" />
        <Figure
          label={adminCopy.burstsAdminAgeMedian}
          value={`${formatCount(burst.identities.medianAgeMinutes)} min`}
          testId="burst-age"
        />
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {adminCopy.burstsAdminDu}
        {time(burst.from)} {adminCopy.burstsAdminAu}
        {time(burst.to)} {adminCopy.burstsAdminRepereeLe}
        {time(burst.detectedAt)}
        {burst.decidedAt && adminCopy.burstsAdminDecisionLe(time(burst.decidedAt))}
      </p>
      <FormError message={call.error} />
      {asking ? (
        <div
          role="group"
          aria-label={excluded ? adminCopy.burstsAdminConfirmerLaReintegration : adminCopy.burstsAdminConfirmerLExclusion}
          className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center dark:bg-slate-800/70"
        >
          <p className="flex-1 text-sm font-medium text-slate-800 dark:text-slate-200">
            {excluded
              ? adminCopy.burstsAdminRemettreCesDansLes(plural(burst.votes, adminCopy.burstsAdminVote))
              : adminCopy.burstsAdminRetirerCesDesResultats(plural(burst.votes, adminCopy.burstsAdminVote))}
          </p>
          <Button variant={excluded ? 'yes' : 'no'} disabled={call.pending} onClick={() => void decide()}>
            {excluded ? adminCopy.burstsAdminConfirmerLaReintegration : adminCopy.burstsAdminConfirmerLExclusion}
          </Button>
          <Button variant="outline" onClick={() => setAsking(false)}>
            {adminCopy.burstsAdminAnnuler}
          </Button>
        </div>
      ) : (
        <div>
          <Button variant={excluded ? 'secondary' : 'outline'} className="h-auto min-h-11 py-2" onClick={() => setAsking(true)}>
            {excluded ? adminCopy.burstsAdminReintegrer : adminCopy.burstsAdminExclure}
          </Button>
        </div>
      )}
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-2.5 py-2 dark:bg-slate-800/70">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-lg font-bold text-slate-900 tabular-nums dark:text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
