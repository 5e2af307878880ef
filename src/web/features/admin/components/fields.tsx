import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import * as adminCopy from '../../../copy/admin.js';

// text-base: phones do not zoom into a field whose text is at least 16 px.
const controlClass =
  'w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-ocean-600 focus:ring-2 focus:ring-ocean-600/30 focus:outline-none dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400';

export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function TextInput({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(controlClass, 'h-12', className)} {...props} />;
}

export function TextArea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(controlClass, 'min-h-28 py-2.5', className)} {...props} />;
}

export function SelectInput({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return <select className={cn(controlClass, 'h-12', className)} {...props} />;
}

/** A whole-row checkbox: the row is the touch target, not the 16 px box. */
export function CheckboxRow({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 text-sm font-semibold text-slate-800 dark:border-slate-700 dark:text-slate-200">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-ocean-700 dark:accent-ocean-400"
      />
      {label}
    </label>
  );
}

/** The server's French `{ error }` text, read out by screen readers when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950/60 dark:text-rose-200"
    >
      {message}
    </p>
  );
}

/** Deleting takes two presses: the first asks, the second deletes. */
export function DeleteButton({ what, onConfirm, pending }: { what: string; onConfirm: () => void; pending: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="outline" onClick={() => setAsking(true)} className="h-auto min-h-11 py-2 text-rose-700 dark:text-rose-300">
        {adminCopy.fieldsSupprimer}
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label={adminCopy.fieldsConfirmerLaSuppressionDe(what)}
      className="col-span-2 flex w-full flex-col gap-2 rounded-xl bg-rose-50 p-3 sm:flex-row sm:items-center dark:bg-rose-950/50"
    >
      <p className="flex-1 text-sm font-medium text-rose-900 dark:text-rose-100">
        {adminCopy.fieldsSupprimer2}
        {what} {adminCopy.fieldsCEstDefinitif}
      </p>
      <Button variant="no" onClick={onConfirm} disabled={pending}>
        {adminCopy.fieldsConfirmerLaSuppression}
      </Button>
      <Button variant="outline" onClick={() => setAsking(false)}>
        {adminCopy.fieldsAnnuler}
      </Button>
    </div>
  );
}

/** The foot of a create/edit form: its error line, then the submit button and "Annuler". */
export function FormActions({
  submitLabel,
  pending,
  error,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
}) {
  return (
    <>
      <FormError message={error} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" size="lg" disabled={pending}>
          {submitLabel}
        </Button>
        <Button variant="outline" size="lg" onClick={onCancel}>
          {adminCopy.fieldsAnnuler}
        </Button>
      </div>
    </>
  );
}
