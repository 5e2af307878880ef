/**
 * The home screen rendered by the server (docs/decisions/026-server-rendered-first-screen.md), built by
 * `vite build --ssr` into dist/ssr/ and loaded by the server at start. It renders the very tree hydrate.tsx
 * hydrates, from the same list, so the browser's first render produces the same DOM.
 */
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { HomePageData } from '../shared/home-page.js';
import { App } from './app/app.js';
import { AppErrorBoundary } from './app/error-boundary.js';
import { AppProviders } from './app/providers.js';
import { seedFirstPage } from './features/markets/api/get-market-pages.js';
import { setRenderClock } from './lib/use-now.js';

export function renderHomeScreen(data: HomePageData): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  seedFirstPage(client, data.page);
  setRenderClock(new Date(data.renderedAt));
  try {
    return renderToString(
      <StrictMode>
        <AppErrorBoundary>
          <AppProviders client={client}>
            <App />
          </AppProviders>
        </AppErrorBoundary>
      </StrictMode>,
    );
  } finally {
    client.clear();
  }
}
