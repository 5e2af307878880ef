/**
 * Main-thread blocking of a page's load, compared between servers in the same minutes:
 * `npx tsx bench/blocking-time.ts <loads> <url> [<url> …]` (for instance the server of an earlier build on one port
 * and this build's on another). Each load is a fresh Chromium context at 390×844 under a 4× CPU slowdown (Chrome
 * DevTools Protocol), watched for 6 s; the urls are loaded in turn, their order reversed every round, so the
 * machine's other work falls on all of them alike. Reported per url, as medians: the blocking time (the sum, over the
 * long tasks the page observed, of each task's time beyond 50 ms, as Lighthouse's TBT counts it), the longest task,
 * and the script time. Lighthouse's own figure swings too widely on this machine to show a change of a few hundred
 * milliseconds (BENCHMARKS.md, section 4); this measure is the one the notes there quote for such changes.
 */
import type { Browser } from '@playwright/test';
import { loadInTurn, median } from './lib/page-loads.js';

const SLOWDOWN = 4;
const WATCH_MS = 6_000;

interface Load {
  blocking: number;
  longest: number;
  script: number;
}

declare global {
  interface Window {
    longTasks?: number[];
  }
}

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Performance.enable');
    await page.addInitScript(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks?.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(WATCH_MS);
    const tasks = await page.evaluate(() => window.longTasks ?? []);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const script = metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0;
    return {
      blocking: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      longest: Math.max(0, ...tasks),
      script: script * 1000,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const results = await loadInTurn('blocking-time.ts', loadOnce);
  for (const [url, runs] of results) {
    const blocking = runs.map((run) => Math.round(run.blocking));
    console.log(
      `${url}: blocking ${median(blocking)} ms (loads: ${blocking.join(', ')}), longest task ${Math.round(median(runs.map((run) => run.longest)))} ms, script ${Math.round(median(runs.map((run) => run.script)))} ms`,
    );
  }
}

await main();
