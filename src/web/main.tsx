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
