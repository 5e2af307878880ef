import ArrowLeft from 'lucide-react/icons/arrow-left';
import { cn } from './cn.js';
import * as uiCopy from '../../copy/ui.js';

/** The "Retour" button every sub-page starts with. */
export function BackButton({ onClick, className }: { onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'group inline-flex h-10 items-center gap-2 rounded-xl px-3 -ml-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
        className,
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-4 transition-transform group-hover:-translate-x-0.5" />
      {uiCopy.backButtonRetour}
    </button>
  );
}
