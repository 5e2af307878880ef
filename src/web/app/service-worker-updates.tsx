import RefreshCw from 'lucide-react/icons/refresh-cw';
import X from 'lucide-react/icons/x';
import { createRoot } from 'react-dom/client';
import { REFRESH_SHELL_MESSAGE } from '../../shared/home-page.js';
import { Button } from '../components/ui/button.js';
import * as updatesCopy from '../copy/updates.js';

/**
 * The service worker's registration and the update prompt, loaded after the page's `load` event so the
 * first screen pays nothing for them (docs/decisions/023-offline-app.md). A new version waits until the
 * visitor asks for it: "Mettre à jour" activates it and reloads the page once; ignored, it takes over at
 * the next visit after every tab of the app is closed.
 */

/** A tab left open (an installed app, say) asks for a new version this often; the browser also checks at each visit. */
const UPDATE_CHECK_MS = 60 * 60_000;

function UpdatePrompt({ onUpdate, onDismiss }: { onUpdate: () => void; onDismiss: () => void }) {
  return (
    <section
      aria-label={updatesCopy.serviceWorkerUpdatesMiseAJour}
      className="animate-slide-up fixed inset-x-2 top-2 z-50 mx-auto flex max-w-md flex-wrap items-center gap-x-3 gap-y-1.5 rounded-2xl border border-ocean-200 bg-white/95 py-2.5 pr-2 pl-3.5 shadow-lift backdrop-blur-md md:inset-x-auto md:top-auto md:right-4 md:bottom-4 dark:border-ocean-800 dark:bg-slate-900/95"
    >
      <p
        role="status"
        className="flex min-w-0 flex-1 basis-56 items-center gap-2.5 text-sm font-semibold text-slate-900 dark:text-white"
      >
        <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-ocean-700 dark:text-ocean-300" />
        {updatesCopy.serviceWorkerUpdatesUneNouvelleVersionDe}
      </p>
      <div className="ml-auto flex items-center gap-1">
        <Button size="sm" onClick={onUpdate}>
          {updatesCopy.serviceWorkerUpdatesMettreAJour}
        </Button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={updatesCopy.serviceWorkerUpdatesPlusTard}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </section>
  );
}

let shown = false;

function offerUpdate(waiting: ServiceWorker): void {
  if (shown) return;
  shown = true;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const close = () => {
    root.unmount();
    container.remove();
    shown = false;
  };
  const update = () => {
    let reloaded = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloaded) return;
      reloaded = true;
      window.location.reload();
    });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  root.render(<UpdatePrompt onUpdate={update} onDismiss={close} />);
}

export async function registerServiceWorker(): Promise<void> {
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch {
    // Refused (private browsing, a policy): the app works as before, online only.
    return;
  }
  // A browser that blocks workers may also answer nothing at all (Chromium driven with workers blocked).
  if (!registration) return;
  // A page this worker served came from its precache, drawn with the list of an earlier visit: the worker fetches it
  // again for the next visit (sw.ts).
  navigator.serviceWorker.controller?.postMessage({ type: REFRESH_SHELL_MESSAGE });
  // Only a version replacing one that controls the page is offered; the first install needs no reload.
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker);
    });
  // A new version may already be installing (the browser checks at each visit, before this code runs).
  watch(registration.installing);
  const registered = registration;
  registered.addEventListener('updatefound', () => watch(registered.installing));
  window.setInterval(() => void registered.update().catch(() => undefined), UPDATE_CHECK_MS);
}
