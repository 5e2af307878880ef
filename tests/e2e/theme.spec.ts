import { expect, openHome, test } from './support/fixtures.js';

const isDark = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

test.describe('theme from the system preference', () => {
  test.describe('dark system', () => {
    test.use({ colorScheme: 'dark' });
    test('no stored preference follows the system: dark', async ({ page }) => {
      await openHome(page);
      expect(await isDark(page)).toBe(true);
    });
  });

  test.describe('light system', () => {
    test.use({ colorScheme: 'light' });
    test('no stored preference follows the system: light', async ({ page }) => {
      await openHome(page);
      expect(await isDark(page)).toBe(false);
    });

    test('a stored preference wins over the system', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
      await openHome(page);
      expect(await isDark(page)).toBe(true);
    });

    test('an invalid stored value is ignored', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('theme', 'sepia'));
      await openHome(page);
      expect(await isDark(page)).toBe(false);
    });
  });

  test('dark when the system preference is unavailable', async ({ page }) => {
    await page.addInitScript(() => {
      // Older WebViews have no matchMedia at all.
      Object.defineProperty(window, 'matchMedia', { value: undefined, configurable: true });
    });
    await openHome(page);
    expect(await isDark(page)).toBe(true);
  });
});

test.describe('theme toggle', () => {
  test.use({ colorScheme: 'light' });

  test('switches, saves and survives a reload', async ({ page }) => {
    await openHome(page);
    expect(await isDark(page)).toBe(false);
    await page.getByRole('button', { name: 'Passer au thème sombre' }).click();
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('article').first()).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await page.getByRole('button', { name: 'Passer au thème clair' }).click();
    expect(await isDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });
});
