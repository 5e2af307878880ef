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
// registered once the page has loaded, its code fetched then, so the first screen neither waits nor pays for it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener(
    'load',
    () => void import('./app/service-worker-updates.js').then(({ registerServiceWorker }) => registerServiceWorker()),
    { once: true },
  );
}
