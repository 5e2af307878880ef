import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { adminEndpoints } from '../../../../shared/api/admin.js';
import type { BodyOf } from '../../../../shared/api/contract.js';
import { alertLabel, isAlertCurrent, type WeatherAlert } from '../../../../shared/news.js';
import { Badge, type BadgeTone } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiError, errorText } from '../../../lib/api-client.js';
import { alertsQuery, newsAdminKeys } from '../api/news-queries.js';
import { useAdminCall } from '../api/admin-session.js';
import { useListCache } from '../api/use-list-cache.js';
import { AlertForm, type AlertFields } from './alert-form.js';
import { DeleteButton, FormError } from './fields.js';
import * as adminCopy from '../../../copy/admin.js';

const ACTION = 'h-auto min-h-11 py-2';

const reunionTime = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Indian/Reunion',
});

/** The form pairs each kind with its own levels; the server checks the pair again. */
const asBody = (fields: AlertFields) => fields as BodyOf<typeof adminEndpoints.createAlert>;

type Status = 'current' | 'announced' | 'ended';

const STATUS: Record<Status, { label: string; tone: BadgeTone }> = {
  current: { label: adminCopy.alertsAdminEnCours, tone: 'danger' },
  announced: { label: adminCopy.alertsAdminAVenir, tone: 'warning' },
  ended: { label: adminCopy.alertsAdminTerminee, tone: 'neutral' },
};

function statusOf(alert: WeatherAlert, now: Date): Status {
  if (isAlertCurrent(alert, now)) return 'current';
  return Date.parse(alert.issuedAt) > now.getTime() ? 'announced' : 'ended';
}

/** Every weather alert, ended ones included: issue, edit, end now, delete. */
export function AlertsAdmin({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  const { data, error } = useQuery(alertsQuery(token));
  const [creating, setCreating] = useState(false);
  const create = useAdminCall();
  const cache = useListCache<WeatherAlert>(newsAdminKeys.alerts);
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized();
  }, [error, onUnauthorized]);

  async function submitNew(fields: AlertFields) {
    const answer = await create.run('createAlert', { body: asBody(fields) });
    if (answer) {
      cache.put(answer.value);
      setCreating(false);
    }
  }

  return (
    <section aria-labelledby="admin-alerts" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-alerts" className="text-xl font-bold text-slate-900 dark:text-white">
          {adminCopy.alertsAdminAlertesMeteo}
        </h2>
        {!creating && <Button onClick={() => setCreating(true)}>{adminCopy.alertsAdminNouvelleAlerte}</Button>}
      </div>
      {creating && (
        <Card className="p-4 sm:p-5">
          <h3 className="mb-4 text-base font-bold text-slate-900 dark:text-white">{adminCopy.alertsAdminNouvelleAlerte}</h3>
          <AlertForm
            pending={create.pending}
            error={create.error}
            onSubmit={(fields) => void submitNew(fields)}
            onCancel={() => {
              create.clearError();
              setCreating(false);
            }}
          />
        </Card>
      )}
      {error !== null && <FormError message={errorText(error)} />}
      {!data && !error && (
        <div className="flex justify-center py-10 text-ocean-700 dark:text-ocean-300">
          <Spinner className="size-7" label={adminCopy.alertsAdminChargementDesAlertes} />
        </div>
      )}
      {data?.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{adminCopy.alertsAdminAucuneAlerteEnregistree}</p>
      )}
      <ul className="flex flex-col gap-3">
        {data?.map((alert) => (
          <li key={alert.id}>
            <AlertRow alert={alert} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AlertRow({ alert }: { alert: WeatherAlert }) {
  const [editing, setEditing] = useState(false);
  const call = useAdminCall();
  const cache = useListCache<WeatherAlert>(newsAdminKeys.alerts);
  const state = statusOf(alert, new Date());
  const status = STATUS[state];
  const name = `${alertLabel(alert)} — ${alert.zone}`;

  async function update(body: Partial<AlertFields>) {
    const answer = await call.run('updateAlert', { params: { id: alert.id }, body });
    if (answer) {
      cache.put(answer.value);
      setEditing(false);
    }
  }

  async function remove() {
    if (await call.run('deleteAlert', { params: { id: alert.id } })) cache.remove(alert.id);
  }

  return (
    <Card className="flex flex-col gap-3 p-4" aria-label={name} role="group">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <h3 className="text-base font-bold text-slate-900 dark:text-white">{name}</h3>
      {alert.places && <p className="text-sm text-slate-700 dark:text-slate-300">{alert.places}</p>}
      <p className="text-sm text-slate-700 dark:text-slate-300">{alert.advice}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {adminCopy.alertsAdminEmiseLe}
        {reunionTime.format(new Date(alert.issuedAt))} {adminCopy.alertsAdminFinLe}
        {reunionTime.format(new Date(alert.endsAt))} · <code className="font-mono text-xs break-all">{alert.id}</code>
      </p>
      {editing ? (
        <AlertForm
          alert={alert}
          pending={call.pending}
          error={call.error}
          onSubmit={(fields) => void update(fields)}
          onCancel={() => {
            call.clearError();
            setEditing(false);
          }}
        />
      ) : (
        <>
          <FormError message={call.error} />
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Button variant="secondary" className={ACTION} onClick={() => setEditing(true)}>
              {adminCopy.alertsAdminModifier}
            </Button>
            {state === 'current' && (
              <Button
                variant="secondary"
                className={ACTION}
                disabled={call.pending}
                // The server's clock decides from then on: the alert leaves the page at its next load.
                onClick={() => void update({ endsAt: new Date().toISOString() })}
              >
                {adminCopy.alertsAdminTerminerMaintenant}
              </Button>
            )}
            <DeleteButton what={adminCopy.alertsAdminCetteAlerte} pending={call.pending} onConfirm={() => void remove()} />
          </div>
        </>
      )}
    </Card>
  );
}
