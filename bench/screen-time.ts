/**
 * Time to a screen's title on a phone's network, compared between servers in the same minutes:
 * `npx tsx bench/screen-time.ts <loads> <url> [<url> …]` (for instance `/#municipales` on the server of an earlier
 * build and on this build's). Each load is a fresh Chromium context at 390×844 under a 4× CPU slowdown, with the
 * network throttled for real through the Chrome DevTools Protocol as Lighthouse's mobile profile models it (150 ms
 * round trip, 1.6 Mbit/s down and 750 kbit/s up, each × 0.9); the urls are loaded in turn, their order reversed every
 * round. Reported per url, as medians: the time from navigation to the first frame showing the screen's title (the
 * `h1` outside the server's home: « Élections Municipales », or the detail's question). Lighthouse simulates the
 * network from one unthrottled load, so it does not show a change in the order of requests (BENCHMARKS.md, section 4);
 * this measure does.
 */
import type { Browser } from '@playwright/test';
import { loadInTurn, median } from './lib/page-loads.js';

const SLOWDOWN = 4;
const LATENCY_MS = 150;
const DOWN_BYTES_PER_S = (1_600_000 * 0.9) / 8;
const UP_BYTES_PER_S = (750_000 * 0.9) / 8;
const TIMEOUT_MS = 30_000;

declare global {
  interface Window {
    titleShownAt?: number;
  }
}

/** Runs in the page from its start: the first animation frame in which a screen's title (not the home's) is visible. */
const WATCH_TITLE = `
  window.titleShownAt = 0;
  function watchTitle() {
    for (const title of document.querySelectorAll('h1')) {
      if (title.checkVisibility() && !title.closest('[data-home-screen]')) {
        window.titleShownAt = performance.now();
        return;
      }
    }
    requestAnimationFrame(watchTitle);
  }
  requestAnimationFrame(watchTitle);
`;

async function loadOnce(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: DOWN_BYTES_PER_S,
      uploadThroughput: UP_BYTES_PER_S,
    });
    await page.addInitScript(WATCH_TITLE);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => (window.titleShownAt ?? 0) > 0, null, { timeout: TIMEOUT_MS });
    return await page.evaluate(() => window.titleShownAt ?? 0);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const results = await loadInTurn('screen-time.ts', loadOnce);
  for (const [url, times] of results) {
    const rounded = times.map((time) => Math.round(time));
    console.log(`${url}: title shown at ${median(rounded)} ms (loads: ${rounded.join(', ')})`);
  }
}

await main();
