import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HOME_DATA_ELEMENT_ID, HOME_DATA_FRESH_MS, type HomePageData } from '../shared/home-page.js';
import { App } from './app/app.js';
import { AppErrorBoundary } from './app/error-boundary.js';
import { AppProviders } from './app/providers.js';
import { seedFirstPage } from './features/markets/api/get-market-pages.js';
import { queryClient } from './lib/query-client.js';
import { applyTheme, initialTheme } from './lib/theme.js';
import { setRenderClock } from './lib/use-now.js';
import './styles.css';

// Also done by theme-init.js before the first paint; repeated here for a policy that blocks that script.
applyTheme(initialTheme());

const root = document.getElementById('root');
if (!root) throw new Error('Élément #root introuvable');

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
if (data && root.firstElementChild) {
  // The same list and clock as the server's render: hydration draws the same DOM. The list is read again at once
  // only when the page may be a copy: under the service worker, whose shell is the page it kept at install (the
  // read then goes through the worker, which keeps its copy of the list and says from when offline), or when old.
  const underWorker = Boolean(navigator.serviceWorker?.controller);
  const fresh = !underWorker && Math.abs(Date.now() - data.renderedAt) <= HOME_DATA_FRESH_MS;
  seedFirstPage(queryClient, data.page, fresh ? Date.now() : 0);
  setRenderClock(new Date(data.renderedAt));
  // The server's page is painted first: on a fast network the script can be ready before the first frame, and
  // hydrating then would hold that frame back for the whole render.
  requestAnimationFrame(() => window.setTimeout(() => hydrateRoot(root, tree), 0));
} else {
  createRoot(root).render(tree);
}

// The service worker (the app without network, docs/decisions/023-offline-app.md): production builds only,
// registered a few seconds after the page has loaded, when the browser is idle. Its install downloads the whole
// shell (about 200 KB); started at `load`, it competed with the first screen's own work and data (measured:
// about half a second more main-thread work under Lighthouse's mobile CPU, a few points of its score).
const SERVICE_WORKER_DELAY_MS = 4_000;

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./app/service-worker-updates.js').then(({ registerServiceWorker }) => registerServiceWorker());
  window.addEventListener(
    'load',
    () =>
      window.setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, { timeout: 10_000 });
        else register();
      }, SERVICE_WORKER_DELAY_MS),
    { once: true },
  );
}
