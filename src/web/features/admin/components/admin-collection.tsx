import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { errorText } from '../../../lib/api-client.js';
import { Field, FormError, TextInput } from './fields.js';

/**
 * One admin list (predictions, communes): its heading, the "Nouvelle …" button and form, a filter on the
 * titles, the loading and error states, then a row per item.
 */
export function AdminCollection<T extends { id: string; title: string }>({
  headingId,
  heading,
  newLabel,
  filterLabel,
  loadingLabel,
  items,
  error,
  renderNewForm,
  renderRow,
  search,
  footer,
}: {
  headingId: string;
  heading: string;
  newLabel: string;
  filterLabel: string;
  loadingLabel: string;
  items: T[] | undefined;
  error: unknown;
  /** The creation form; `close` hides it (after a save or a cancel). */
  renderNewForm: (close: () => void) => ReactNode;
  renderRow: (item: T) => ReactNode;
  /** A search the caller runs (on the server): `items` are then its answer, not filtered here. */
  search?: { value: string; onChange: (value: string) => void };
  /** Under the rows: the way to the next page of a list read in pages. */
  footer?: ReactNode;
}) {
  const [creating, setCreating] = useState(false);
  const [ownFilter, setOwnFilter] = useState('');
  const filter = search ? search.value : ownFilter;
  const setFilter = search ? search.onChange : setOwnFilter;
  const shown = useMemo(() => {
    if (search) return items ?? [];
    const needle = ownFilter.trim().toLocaleLowerCase('fr');
    return (items ?? []).filter((item) => item.title.toLocaleLowerCase('fr').includes(needle));
  }, [items, ownFilter, search]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-slate-900 dark:text-white">
          {heading}
        </h2>
        {!creating && <Button onClick={() => setCreating(true)}>{newLabel}</Button>}
      </div>
      {creating && (
        <Card className="p-4 sm:p-5">
          <h3 className="mb-4 text-base font-bold text-slate-900 dark:text-white">{newLabel}</h3>
          {renderNewForm(() => setCreating(false))}
        </Card>
      )}
      <Field label={filterLabel}>
        {(id) => <TextInput id={id} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />}
      </Field>
      {error !== null && error !== undefined && <FormError message={errorText(error)} />}
      {!items && !error && (
        <div className="flex justify-center py-10 text-ocean-700 dark:text-ocean-300">
          <Spinner className="size-7" label={loadingLabel} />
        </div>
      )}
      <ul className="flex flex-col gap-3">
        {shown.map((item) => (
          <li key={item.id}>{renderRow(item)}</li>
        ))}
      </ul>
      {footer}
    </section>
  );
}
