import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Candidate } from '../../../../shared/municipal.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { errorText } from '../../../lib/api-client.js';
import { adminKeys, candidatesQuery } from '../api/admin-queries.js';
import { useAdminCall } from '../api/admin-session.js';
import { formatCount } from '../../../../shared/format.js';
import { DeleteButton, Field, FormError, TextInput } from './fields.js';
import * as adminCopy from '../../../copy/admin.js';

const ACTION = 'h-auto min-h-11 py-2';

/** A commune's candidates: add, rename, delete. The commune list's totals are read again after each change. */
export function CandidatesAdmin({ communeId }: { communeId: string }) {
  const queryClient = useQueryClient();
  const { data, error } = useQuery(candidatesQuery(communeId));
  const [name, setName] = useState('');
  const add = useAdminCall();

  const changed = (update: (list: Candidate[]) => Candidate[]) => {
    queryClient.setQueryData<Candidate[]>(adminKeys.candidates(communeId), (list = []) => update(list));
    void queryClient.invalidateQueries({ queryKey: adminKeys.communes });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await add.run('addCandidate', { params: { id: communeId }, body: { name } });
    if (answer) {
      changed((list) => [...list, answer.value]);
      setName('');
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <h4 className="text-sm font-bold text-slate-900 dark:text-white">{adminCopy.candidatesAdminCandidats}</h4>
      {error && <FormError message={errorText(error)} />}
      {!data && !error && (
        <Spinner className="size-6 text-ocean-700 dark:text-ocean-300" label={adminCopy.candidatesAdminChargementDesCandidats} />
      )}
      {data && data.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{adminCopy.candidatesAdminAucunCandidat}</p>
      )}
      <ul className="flex flex-col gap-2">
        {data?.map((candidate) => (
          <li key={candidate.id}>
            <CandidateRow
              communeId={communeId}
              candidate={candidate}
              onRenamed={(renamed) => changed((list) => list.map((c) => (c.id === renamed.id ? renamed : c)))}
              onDeleted={() => changed((list) => list.filter((c) => c.id !== candidate.id))}
            />
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={adminCopy.candidatesAdminAjouterUnCandidat}
        className="flex flex-col gap-3"
      >
        <Field label={adminCopy.candidatesAdminNomDuNouveauCandidat}>
          {(id) => <TextInput id={id} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <FormError message={add.error} />
        <Button type="submit" disabled={add.pending} className="sm:self-start">
          {adminCopy.candidatesAdminAjouterLeCandidat}
        </Button>
      </form>
    </div>
  );
}

function CandidateRow({
  communeId,
  candidate,
  onRenamed,
  onDeleted,
}: {
  communeId: string;
  candidate: Candidate;
  onRenamed: (candidate: Candidate) => void;
  onDeleted: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(candidate.name);
  const call = useAdminCall();
  const params = { id: communeId, candidateId: candidate.id };

  async function rename(event: FormEvent) {
    event.preventDefault();
    const answer = await call.run('renameCandidate', { params, body: { name } });
    if (answer) {
      onRenamed(answer.value);
      setRenaming(false);
    }
  }

  async function remove() {
    if (await call.run('deleteCandidate', { params })) onDeleted();
  }

  return (
    <div role="group" aria-label={candidate.name} className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
      <p className="text-sm font-semibold text-slate-900 dark:text-white">
        {candidate.name}{' '}
        <span className="font-normal text-slate-600 dark:text-slate-300">
          · {formatCount(candidate.votes)} {adminCopy.candidatesAdminVote}
          {candidate.votes > 1 ? 's' : ''}
        </span>
      </p>
      {renaming ? (
        <form
          onSubmit={(event) => void rename(event)}
          noValidate
          aria-label={adminCopy.candidatesAdminRenommerLeCandidat}
          className="flex flex-col gap-3"
        >
          <Field label={adminCopy.candidatesAdminNouveauNom}>
            {(id) => <TextInput id={id} value={name} onChange={(event) => setName(event.target.value)} />}
          </Field>
          <FormError message={call.error} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" disabled={call.pending}>
              {adminCopy.candidatesAdminEnregistrer}
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                call.clearError();
                setName(candidate.name);
                setRenaming(false);
              }}
            >
              {adminCopy.candidatesAdminAnnuler}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <FormError message={call.error} />
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Button variant="outline" className={ACTION} onClick={() => setRenaming(true)}>
              {adminCopy.candidatesAdminRenommer}
            </Button>
            <DeleteButton what={adminCopy.candidatesAdminCeCandidat} pending={call.pending} onConfirm={() => void remove()} />
          </div>
        </>
      )}
    </div>
  );
}
