import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Commune } from '../../../../shared/municipal.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { adminKeys, communesQuery } from '../api/admin-queries.js';
import { useAdminCall } from '../api/admin-session.js';
import { useListCache } from '../api/use-list-cache.js';
import { AdminCollection } from './admin-collection.js';
import { formatCount } from '../../../../shared/format.js';
import { CandidatesAdmin } from './candidates-admin.js';
import { CheckboxRow, DeleteButton, Field, FormActions, FormError, TextInput } from './fields.js';
import * as adminCopy from '../../../copy/admin.js';

const ACTION = 'h-auto min-h-11 py-2';

function CommuneForm({
  commune,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  commune?: Commune;
  pending: boolean;
  error: string | null;
  onSubmit: (fields: { title: string; trending: boolean }) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(commune?.title ?? '');
  const [trending, setTrending] = useState(commune?.trending ?? false);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ title, trending });
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={commune ? adminCopy.communesAdminModifierLaCommune : adminCopy.communesAdminNouvelleCommune}
      className="flex flex-col gap-4"
    >
      <Field label={adminCopy.communesAdminTitreDeLElection}>
        {(id) => (
          <TextInput
            id={id}
            value={title}
            placeholder={adminCopy.communesAdminElectionMunicipaleCilaos2026}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <CheckboxRow label={adminCopy.communesAdminEnTendance} checked={trending} onChange={setTrending} />
      <FormActions
        submitLabel={commune ? adminCopy.communesAdminEnregistrer : adminCopy.communesAdminCreerLaCommune}
        pending={pending}
        error={error}
        onCancel={onCancel}
      />
    </form>
  );
}

export function CommunesAdmin() {
  const { data, error } = useQuery(communesQuery);
  const create = useAdminCall();
  const cache = useListCache<Commune>(adminKeys.communes);

  async function submitNew(fields: { title: string; trending: boolean }, close: () => void) {
    const answer = await create.run('createCommune', { body: fields });
    if (answer) {
      cache.put(answer.value);
      close();
    }
  }

  return (
    <AdminCollection
      headingId="admin-communes"
      heading={adminCopy.communesAdminCommunesEtCandidats}
      newLabel={adminCopy.communesAdminNouvelleCommune}
      filterLabel={adminCopy.communesAdminFiltrerLesCommunes}
      loadingLabel={adminCopy.communesAdminChargementDesCommunes}
      items={data}
      error={error}
      renderNewForm={(close) => (
        <CommuneForm
          pending={create.pending}
          error={create.error}
          onSubmit={(fields) => void submitNew(fields, close)}
          onCancel={() => {
            create.clearError();
            close();
          }}
        />
      )}
      renderRow={(commune) => <CommuneRow commune={commune} />}
    />
  );
}

function CommuneRow({ commune }: { commune: Commune }) {
  const [editing, setEditing] = useState(false);
  const [showCandidates, setShowCandidates] = useState(false);
  const call = useAdminCall();
  const cache = useListCache<Commune>(adminKeys.communes);

  async function save(fields: { title: string; trending: boolean }) {
    const answer = await call.run('updateCommune', { params: { id: commune.id }, body: fields });
    if (answer) {
      cache.put(answer.value);
      setEditing(false);
    }
  }

  async function remove() {
    if (await call.run('deleteCommune', { params: { id: commune.id } })) cache.remove(commune.id);
  }

  return (
    <Card className="flex flex-col gap-3 p-4" aria-label={commune.title} role="group">
      <div className="flex flex-wrap items-center gap-2">
        {commune.trending && <Badge tone="trending">{adminCopy.communesAdminTendance}</Badge>}
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {formatCount(commune.totalVotes)} {adminCopy.communesAdminVote}
          {commune.totalVotes > 1 ? 's' : ''} · <code className="font-mono text-xs break-all">{commune.id}</code>
        </span>
      </div>
      <h3 className="text-base font-bold text-slate-900 dark:text-white">{commune.title}</h3>
      {editing ? (
        <CommuneForm
          commune={commune}
          pending={call.pending}
          error={call.error}
          onSubmit={(fields) => void save(fields)}
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
              {adminCopy.communesAdminModifier}
            </Button>
            <Button
              variant="secondary"
              className={ACTION}
              aria-expanded={showCandidates}
              onClick={() => setShowCandidates((open) => !open)}
            >
              {showCandidates ? adminCopy.communesAdminMasquerLesCandidats : adminCopy.communesAdminCandidats}
            </Button>
            <DeleteButton
              what={adminCopy.communesAdminCetteCommuneSesCandidats}
              pending={call.pending}
              onConfirm={() => void remove()}
            />
          </div>
        </>
      )}
      {showCandidates && <CandidatesAdmin communeId={commune.id} />}
    </Card>
  );
}
