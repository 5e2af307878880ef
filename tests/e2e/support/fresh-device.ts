import type { Page } from '@playwright/test';

/**
 * Empties the Cache Storage of the app's origin, as on a device that never opened the app. Playwright's reset between
 * tests of a reused browser context unregisters service workers but keeps Cache Storage: an earlier test's precache
 * would stay, with the `index.html` the worker installed then (the server draws the list inside it), and Workbox does
 * not fetch again an entry it already holds. A test that reloads offline would then start from that older list.
 */
export async function forgetEarlierVisits(page: Page): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(async () => {
    for (const key of await caches.keys()) await caches.delete(key);
  });
}
