import Sparkles from 'lucide-react/icons/sparkles';
import X from 'lucide-react/icons/x';

/** Bubble under the header's "Comment ça marche" button. */
export function HowItWorksHint({ onOpen, onDismiss }: { onOpen: () => void; onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="animate-pop fixed top-[4.5rem] right-3 z-40 w-72 max-w-[calc(100vw-1.5rem)] sm:right-6 lg:right-[max(2rem,calc((100vw-80rem)/2+2rem))]"
    >
      <span
        aria-hidden="true"
        className="absolute -top-1.5 right-16 size-3 rotate-45 bg-ocean-800 sm:right-24 dark:bg-ocean-300"
      />
      <div className="flex items-start gap-2 rounded-2xl bg-ocean-800 p-3 pr-2 text-white shadow-lift dark:bg-ocean-300 dark:text-slate-950">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <button type="button" onClick={onOpen} className="flex-1 text-left text-sm font-semibold">
          Nouveau ici ? Découvrez comment ça marche en 30 secondes.
        </button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Masquer l'astuce"
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-white/15 dark:hover:bg-slate-950/10"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
