import { useState, type FormEvent } from 'react';
import { CATEGORIES, type CategoryId } from '../../../../shared/categories.js';
import type { Market } from '../../../../shared/market.js';
import { endOfReunionDay, reunionDayOf } from '../lib/end-date.js';
import { CheckboxRow, Field, FormActions, SelectInput, TextArea, TextInput } from './fields.js';
import * as adminCopy from '../../../copy/admin.js';

export interface MarketFields {
  title: string;
  description: string;
  category: CategoryId;
  endDate: string;
  trending: boolean;
}

/**
 * Create or edit a prediction. Nothing is checked here: the server's validation is the one rule, and its
 * French message is shown as is.
 */
export function MarketForm({
  market,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  market?: Market;
  pending: boolean;
  error: string | null;
  onSubmit: (fields: MarketFields) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(market?.title ?? '');
  const [description, setDescription] = useState(market?.description ?? '');
  const [category, setCategory] = useState<CategoryId>(market?.category ?? 'politique');
  const initialDay = market ? reunionDayOf(market.endDate) : '';
  const [day, setDay] = useState(initialDay);
  const [trending, setTrending] = useState(market?.trending ?? false);

  function submit(event: FormEvent) {
    event.preventDefault();
    // An unchanged day keeps the stored instant (which may not be the end of a day).
    const endDate = market && day === initialDay ? market.endDate : day ? endOfReunionDay(day) : '';
    onSubmit({ title, description, category, endDate, trending });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={market ? adminCopy.marketFormModifierLaPrediction : adminCopy.marketFormNouvellePrediction}
      className="flex flex-col gap-4"
    >
      <Field label={adminCopy.marketFormTitre}>
        {(id) => <TextInput id={id} value={title} onChange={(event) => setTitle(event.target.value)} />}
      </Field>
      <Field label={adminCopy.marketFormDescription}>
        {(id) => <TextArea id={id} value={description} onChange={(event) => setDescription(event.target.value)} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={adminCopy.marketFormCategorie}>
          {(id) => (
            <SelectInput id={id} value={category} onChange={(event) => setCategory(event.currentTarget.value as CategoryId)}>
              {CATEGORIES.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
        <Field label={adminCopy.marketFormDateDeFin23}>
          {(id) => <TextInput id={id} type="date" value={day} onChange={(event) => setDay(event.target.value)} />}
        </Field>
      </div>
      <CheckboxRow label={adminCopy.marketFormEnTendance} checked={trending} onChange={setTrending} />
      <FormActions
        submitLabel={market ? adminCopy.marketFormEnregistrer : adminCopy.marketFormCreerLaPrediction}
        pending={pending}
        error={error}
        onCancel={onCancel}
      />
    </form>
  );
}
