import Sparkles from 'lucide-react/icons/sparkles';
import X from 'lucide-react/icons/x';

/**
 * Bubble pointing up at the header's "Comment ça marche" button. It hangs from the bottom of the whole
 * header (category bar included), so it never covers the category tabs, whatever the header's height.
 */
export function HowItWorksHint({ onOpen, onDismiss }: { onOpen: () => void; onDismiss: () => void }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-full z-40">
      <div className="mx-auto flex max-w-7xl justify-end px-4 sm:px-6 lg:px-8">
        <div
          role="status"
          data-testid="how-it-works-hint"
          className="animate-pop pointer-events-auto relative mt-2.5 w-72 max-w-full"
        >
          {/* Under the button's centre: icon-only below sm and between md and lg, labelled otherwise. */}
          <span
            aria-hidden="true"
            className="absolute -top-1.5 right-[3.625rem] size-3 rotate-45 bg-ocean-800 sm:right-32 md:right-[3.625rem] lg:right-32 dark:bg-ocean-300"
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
      </div>
    </div>
  );
}
