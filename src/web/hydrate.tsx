/**
 * The app itself: hydrates the server's page (or draws it when the page came without it). Loaded by main.tsx once
 * the server's page has been painted (docs/decisions/041-first-screen-stylesheet.md).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HOME_DATA_ELEMENT_ID, HOME_DATA_FRESH_MS, type HomePageData } from '../shared/home-page.js';
import { App } from './app/app.js';
import { AppErrorBoundary } from './app/error-boundary.js';
import { startSendingPendingVotes } from './app/pending-votes-sender.js';
import { AppProviders } from './app/providers.js';
import { startHydration } from './lib/device-value.js';
import { seedFirstPage } from './features/markets/api/get-market-pages.js';
import { queryClient } from './lib/query-client.js';
import { applyTheme, initialTheme } from './lib/theme.js';
import { setRenderClock } from './lib/use-now.js';
import { keepSearchTypedBeforeStart } from './lib/typed-before-start.js';
import * as shellCopy from './copy/shell.js';

// Also done by theme-init.js before the first paint; repeated here for a policy that blocks that script.
applyTheme(initialTheme());

// The votes kept without network go out once the connection returns, wherever the visitor is in the app.
startSendingPendingVotes();

const root = document.getElementById('root');
if (!root) throw new Error(shellCopy.hydrateRootMissing);

const tree = (
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders>
        <App />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>
);

/** The list's first page the server rendered the page from (docs/decisions/026 and 043), if it did. */
function serverData(): HomePageData | null {
  const element = document.getElementById(HOME_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as HomePageData;
  } catch {
    return null;
  }
}

const data = serverData();
// theme-init.js marks an address that names another screen than home (`data-hash-route`): the server's home is then
// hidden, and hydrating it would be wasted work followed by a render of the whole app in one task, to draw the screen
// the address names. The app is drawn from scratch instead, in slices, over the hidden home (docs/decisions/048,
// amendment 4); the server's list still seeds the home for when the visitor goes there.
const elsewhere = document.documentElement.dataset.hashRoute !== undefined;
if (data && root.firstElementChild) {
  // The list is read again at once only when the page may be a copy: under the service worker, whose shell is the
  // page it kept at install (the read then goes through the worker, which keeps its copy of the list and says from
  // when offline), or when old.
  const underWorker = Boolean(navigator.serviceWorker?.controller);
  const fresh = !underWorker && Math.abs(Date.now() - data.renderedAt) <= HOME_DATA_FRESH_MS;
  seedFirstPage(queryClient, data.page, fresh ? Date.now() : 0);
  keepSearchTypedBeforeStart(root);
  if (elsewhere) {
    const app = createRoot(root);
    startTransition(() => {
      app.render(tree);
    });
  } else {
    // The same list and clock as the server's render: hydration draws the same DOM. In a transition, hydration is
    // done in slices between which the browser answers (a tap replays once its part is hydrated); otherwise it is one
    // task (amendment 3).
    setRenderClock(new Date(data.renderedAt));
    startHydration();
    startTransition(() => {
      hydrateRoot(root, tree);
    });
  }
} else {
  createRoot(root).render(tree);
}
