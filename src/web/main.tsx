import './first-screen.css';

/*
 * The entry: the first screen's stylesheet, and the app once the server's page is on screen
 * (docs/decisions/026-server-rendered-first-screen.md, 041-first-screen-stylesheet.md). The page reads without
 * JavaScript; requesting the app's code only after its first frame leaves the network to the page and its
 * stylesheet until then (on a slow connection the scripts competed with them for it), and hydrating after that
 * frame never holds it back. A page the server did not render (no list in it) is drawn by the app at once.
 */
const rendered = document.getElementById('root')?.firstElementChild != null;

function startApp(): void {
  import('./hydrate.js').catch(() => {
    // The code did not arrive (the network dropped): tried again when it returns; the page still reads meanwhile.
    window.addEventListener('online', startApp, { once: true });
  });
}

if (rendered) requestAnimationFrame(() => window.setTimeout(startApp, 0));
else startApp();

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
