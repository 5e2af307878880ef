import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.js';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * `<loads> <url> [<url> …]` from the command line, each url loaded `loads` times by `loadOnce` in one Chromium, the
 * urls in turn and their order reversed every round, so the machine's other work falls on all of them alike.
 */
export async function loadInTurn<T>(
  script: string,
  loadOnce: (browser: Browser, url: string) => Promise<T>,
): Promise<Map<string, T[]>> {
  const [loadsArg, ...urls] = process.argv.slice(2);
  const loads = Number(loadsArg);
  if (!Number.isInteger(loads) || loads < 1 || urls.length === 0) {
    throw new Error(`usage: npx tsx bench/${script} <loads> <url> [<url> …]`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const results = new Map<string, T[]>(urls.map((url) => [url, []]));
  try {
    for (let round = 0; round < loads; round++) {
      for (const url of round % 2 === 0 ? urls : [...urls].reverse()) results.get(url)?.push(await loadOnce(browser, url));
    }
  } finally {
    await browser.close();
  }
  return results;
}
