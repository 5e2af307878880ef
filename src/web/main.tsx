import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { AppErrorBoundary } from './app/error-boundary.js';
import { AppProviders } from './app/providers.js';
import { applyTheme, initialTheme } from './lib/theme.js';
import './styles.css';

// Also done by the inline script in index.html; repeated here for a policy that blocks inline scripts.
applyTheme(initialTheme());

const root = document.getElementById('root');
if (!root) throw new Error('Élément #root introuvable');

createRoot(root).render(
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders>
        <App />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>,
);

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
