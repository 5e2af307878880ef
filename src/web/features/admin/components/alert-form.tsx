import { useState, type FormEvent } from 'react';
import {
  CYCLONE_LEVEL_LABELS,
  CYCLONE_LEVELS,
  RAIN_LEVEL_LABELS,
  RAIN_LEVELS,
  type WeatherAlert,
} from '../../../../shared/news.js';
import { fromReunionDateTime, reunionDateTimeOf } from '../../../../shared/reunion-time.js';
import { Field, FormActions, SelectInput, TextArea, TextInput } from './fields.js';
import * as adminCopy from '../../../copy/admin.js';

type Kind = WeatherAlert['kind'];

export interface AlertFields {
  kind: Kind;
  level: WeatherAlert['level'];
  zone: string;
  places: string;
  advice: string;
  issuedAt: string;
  endsAt: string;
}

const KIND_LABELS: Record<Kind, string> = adminCopy.alertFormKinds;

const LEVELS: Record<Kind, readonly { value: WeatherAlert['level']; label: string }[]> = {
  cyclone: CYCLONE_LEVELS.map((value) => ({ value, label: CYCLONE_LEVEL_LABELS[value] })),
  pluies: RAIN_LEVELS.map((value) => ({ value, label: RAIN_LEVEL_LABELS[value] })),
};

const HOUR_MS = 3_600_000;

/** Create or edit a weather alert; a new one starts now and lasts 24 hours unless changed. */
export function AlertForm({
  alert,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  alert?: WeatherAlert;
  pending: boolean;
  error: string | null;
  onSubmit: (fields: AlertFields) => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<Kind>(alert?.kind ?? 'cyclone');
  const [level, setLevel] = useState<WeatherAlert['level']>(alert?.level ?? 'pre-alerte-jaune');
  const [zone, setZone] = useState(alert?.zone ?? '');
  const [places, setPlaces] = useState(alert?.places ?? '');
  const [advice, setAdvice] = useState(alert?.advice ?? '');
  const [issuedAt, setIssuedAt] = useState(() => reunionDateTimeOf(alert?.issuedAt ?? new Date().toISOString()));
  const [endsAt, setEndsAt] = useState(() =>
    reunionDateTimeOf(alert?.endsAt ?? new Date(Date.now() + 24 * HOUR_MS).toISOString()),
  );

  function changeKind(next: Kind) {
    setKind(next);
    // The levels of one kind mean nothing for the other: start from its first.
    setLevel(LEVELS[next][0]?.value ?? level);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({
      kind,
      level,
      zone,
      places,
      advice,
      issuedAt: fromReunionDateTime(issuedAt),
      endsAt: fromReunionDateTime(endsAt),
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={alert ? adminCopy.alertFormModifierLAlerte : adminCopy.alertFormNouvelleAlerte}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={adminCopy.alertFormType}>
          {(id) => (
            <SelectInput id={id} value={kind} onChange={(event) => changeKind(event.currentTarget.value as Kind)}>
              {(Object.keys(KIND_LABELS) as Kind[]).map((option) => (
                <option key={option} value={option}>
                  {KIND_LABELS[option]}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
        <Field label={adminCopy.alertFormNiveau}>
          {(id) => (
            <SelectInput id={id} value={level} onChange={(event) => setLevel(event.currentTarget.value as WeatherAlert['level'])}>
              {LEVELS[kind].map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
      </div>
      <Field label={adminCopy.alertFormZone}>
        {(id) => (
          <TextInput
            id={id}
            value={zone}
            placeholder={adminCopy.alertFormEstEtSud}
            onChange={(event) => setZone(event.target.value)}
          />
        )}
      </Field>
      <Field label={adminCopy.alertFormCommunesConcerneesFacultatif}>
        {(id) => <TextInput id={id} value={places} onChange={(event) => setPlaces(event.target.value)} />}
      </Field>
      <Field label={adminCopy.alertFormConsigne}>
        {(id) => <TextArea id={id} value={advice} onChange={(event) => setAdvice(event.target.value)} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={adminCopy.alertFormEmiseLeHeureDe}>
          {(id) => (
            <TextInput id={id} type="datetime-local" value={issuedAt} onChange={(event) => setIssuedAt(event.target.value)} />
          )}
        </Field>
        <Field label={adminCopy.alertFormFinHeureDeLa}>
          {(id) => <TextInput id={id} type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />}
        </Field>
      </div>
      <FormActions
        submitLabel={alert ? adminCopy.alertFormEnregistrer : adminCopy.alertFormEmettreLAlerte}
        pending={pending}
        error={error}
        onCancel={onCancel}
      />
    </form>
  );
}
