import type { Locator, Page } from '@playwright/test';
import { CATEGORIES } from '../../src/shared/categories.js';
import { appStarted, expect, openHome, test } from './support/fixtures.js';

/** Ids and categories of the demo predictions on the page (predictions made by parallel tests have "e2e" in their id). */
function demoCards(page: Page): Promise<string[]> {
  return page
    .locator('article[data-market-id]')
    .evaluateAll((cards) =>
      cards
        .filter((card) => !(card as HTMLElement).dataset.marketId?.includes('e2e'))
        .map((card) => (card as HTMLElement).dataset.category ?? ''),
    );
}

/** True when the element's centre and four inner corners are the topmost thing on screen (nothing covers it). */
function isUncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const inset = 4;
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + inset, rect.top + inset],
      [rect.right - inset, rect.top + inset],
      [rect.left + inset, rect.bottom - inset],
      [rect.right - inset, rect.bottom - inset],
    ] as const;
    return points.every(([x, y]) => {
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === element || element.contains(hit));
    });
  });
}

/** Whether `inner` lies entirely inside the visible box of `outer` (1 px tolerance). */
async function isInside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  if (!a || !b) return false;
  return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1 && a.y >= b.y - 1 && a.y + a.height <= b.y + b.height + 1;
}

const SHARED = '#prediction-nrl-dernier-troncon-travaux';
const SHARED_TITLE = 'Les travaux du dernier tronçon de la NRL démarreront-ils avant la fin de l’année ?';

test.describe('search by category', { tag: '@desktop' }, () => {
  // Counts of demo predictions per category, from data/seed/markets.json.
  const DEMO = [
    ['Santé', 'sante', 4],
    ['Politique', 'politique', 5],
    ['Environnement', 'environnement', 4],
    ['Cyclones/Météo', 'cyclones', 5],
    ['Transport', 'transport', 6],
  ] as const;

  test('"Rechercher par catégorie" (or typing the name) finds every demo prediction of the category', async ({
    page,
    isMobile,
  }) => {
    await openHome(page);
    const searchBox = page.getByRole('searchbox', { name: 'Rechercher une prédiction' });
    for (const [name, id, count] of DEMO) {
      if (isMobile) {
        await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Recherche' }).click();
        await page.getByRole('dialog', { name: 'Rechercher par catégorie' }).getByRole('button', { name, exact: true }).click();
      } else {
        await page.getByPlaceholder('Rechercher sur Prédi974').fill(name);
      }
      await expect(searchBox).toHaveValue(name);
      await expect.poll(() => demoCards(page), { message: name }).toEqual(Array.from({ length: count }, () => id));
    }
  });
});

test.describe('category bar on tablets and desktops', () => {
  test(
    'one uncut row at 1440 px; at 1024 and 768 px the row scrolls, with a fade and arrows',
    { tag: '@desktop-only' },
    async ({ page }) => {
      await openHome(page);
      const nav = page.getByRole('navigation', { name: 'Catégories' });
      const row = page.getByTestId('category-row');
      const last = nav.getByRole('button', { name: 'Environnement' });
      const right = nav.getByRole('button', { name: 'Faire défiler les catégories vers la droite' });
      const left = nav.getByRole('button', { name: 'Faire défiler les catégories vers la gauche' });

      // 1440 px: every tab fits, the last one is whole and nothing needs scrolling.
      expect(await row.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await isInside(last, row)).toBe(true);
      await expect(right).toHaveCount(0);
      await expect(left).toHaveCount(0);

      for (const width of [1024, 768]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(right).toBeVisible();
        expect(await isInside(last, row), `${width}: last tab hidden at first`).toBe(false);
        // The side that hides tabs fades out.
        expect(await row.evaluate((el) => el.style.maskImage)).toContain('transparent');
        for (let click = 0; click < 6 && !(await isInside(last, row)); click += 1) {
          await right.click();
          await page.waitForTimeout(400);
        }
        expect(await isInside(last, row), `${width}: last tab reached with the arrow`).toBe(true);
        await expect(right).toHaveCount(0);
        await expect(left).toBeVisible();
        await row.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
      }
    },
  );
});

test.describe('a shared link opened by a first-time visitor', { tag: '@desktop' }, () => {
  test.use({ firstVisit: true });

  test('shows the prediction first: no how-it-works sheet, and the cookie bar covers neither the title nor the vote', async ({
    page,
    isMobile,
  }) => {
    await page.goto(`/${SHARED}`);
    const title = page.getByRole('heading', { level: 1, name: SHARED_TITLE });
    await expect(title).toBeInViewport();
    await expect(page.getByRole('region', { name: 'Consentement aux cookies' })).toBeVisible();
    // A sheet that opens by itself does so at the first render; leave its code time to arrive.
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await isUncovered(title)).toBe(true);

    const panel = page.getByRole('region', { name: 'Votre prédiction' });
    if (isMobile) {
      // At the very end of the page, its last section ends above the bar: nothing stays hidden under it.
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      const last = await page.getByRole('region', { name: 'Évolution du OUI' }).boundingBox();
      const bar = await page.getByRole('region', { name: 'Consentement aux cookies' }).boundingBox();
      expect(last && bar && last.y + last.height <= bar.y).toBe(true);
      await panel.getByRole('button', { name: /^OUI/ }).scrollIntoViewIfNeeded();
    }
    for (const name of [/^OUI/, /^NON/]) {
      expect(await isUncovered(panel.getByRole('button', { name })), String(name)).toBe(true);
    }

    // Back on the home list, in the same visit: still no sheet over the page.
    await page.getByRole('button', { name: 'Retour', exact: true }).click();
    await expect(page.locator('article').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A later visit that starts at home gets the sheet, since it was never read.
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Comment ça marche ?' })).toBeVisible();
  });
});

test.describe('a first visit on a tablet or a desktop, at the end of the page', { tag: '@desktop' }, () => {
  test.use({ firstVisit: true });

  test('the cookie bar rises above the footer: every footer link stays uncovered @desktop-only', async ({ page }) => {
    // The sheet of the first visit is read; the cookie bar is still there.
    await page.addInitScript(() => localStorage.setItem('howItWorksRead', 'true'));
    for (const width of [768, 1440]) {
      await page.setViewportSize({ width, height: 1024 });
      await page.goto('/');
      await appStarted(page);
      await expect(page.getByRole('region', { name: 'Consentement aux cookies' })).toBeVisible();
      // At the very end, the footer slid in and the bar moved: both at rest.
      await expect
        .poll(() =>
          page.evaluate(() => {
            window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
            const footer = document.querySelector<HTMLElement>('footer');
            const bar = document.querySelector('section[aria-label="Consentement aux cookies"]');
            // The bar's slide-up animation stays listed once finished (it fills both ways): only running ones count.
            const moving = [footer, bar].some((element) =>
              (element?.getAnimations() ?? []).some((animation) => animation.playState === 'running'),
            );
            return footer?.dataset.visible === 'true' && !moving;
          }),
        )
        .toBe(true);
      const links = page.getByRole('contentinfo').locator('button, a');
      expect(await links.count(), `${width}: footer links`).toBeGreaterThanOrEqual(6);
      for (const link of await links.all()) {
        expect(await isUncovered(link), `${width}: ${await link.textContent()}`).toBe(true);
      }
    }
  });
});

test.describe('"Comment ça marche ?" counts as read however it is closed', () => {
  test.use({ firstVisit: true });

  const WAYS: [string, (page: Page, sheet: Locator) => Promise<void>][] = [
    ['the ✕ button', (_page, sheet) => sheet.getByRole('button', { name: 'Fermer' }).click()],
    ['Échap', (page) => page.keyboard.press('Escape')],
    ['a click beside it', (page) => page.mouse.click(5, 5)],
    ['J’ai compris', (_page, sheet) => sheet.getByRole('button', { name: 'J’ai compris' }).click()],
  ];
  for (const [way, close] of WAYS) {
    test(`closed with ${way}, it stays closed after a reload`, async ({ page }) => {
      await page.goto('/');
      const sheet = page.getByRole('dialog', { name: 'Comment ça marche ?' });
      await expect(sheet).toBeVisible();
      await close(page, sheet);
      await expect(sheet).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('howItWorksRead'))).toBe('true');
      await page.reload();
      await expect(page.locator('article').first()).toBeVisible();
      // A sheet that opens by itself does so at the first render; leave its code time to arrive.
      await page.waitForTimeout(1_000);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }
});

test.describe('short screens (phone turned sideways, 200 % zoom)', { tag: '@desktop' }, () => {
  /** Share of the viewport height not covered by the shell's sticky or fixed bars, after scrolling into the list. */
  async function contentShare(page: Page): Promise<number> {
    // Scrolled into the list with the bars at rest: the desktop footer slides in (300 ms) once the page is past
    // 100 px, after the app has heard the scroll. A busy machine can hear it late, so this waits for the footer
    // itself rather than a fixed time, and scrolls again if the list's first layout moved the page back.
    await expect
      .poll(() =>
        page.evaluate(() => {
          if (window.scrollY !== 700) window.scrollTo({ top: 700, behavior: 'instant' });
          const footer = document.querySelector<HTMLElement>('footer');
          const shown = !footer || getComputedStyle(footer).display === 'none' || footer.dataset.visible === 'true';
          const moving = (footer?.getAnimations() ?? []).some((animation) => animation.playState === 'running');
          return window.scrollY === 700 && shown && !moving;
        }),
      )
      .toBe(true);
    return page.evaluate(() => {
      const bars = [
        document.querySelector('body header'),
        document.querySelector('nav[aria-label="Navigation principale"]'),
        document.querySelector('footer'),
      ];
      let covered = 0;
      for (const bar of bars) {
        if (!bar) continue;
        const rect = bar.getBoundingClientRect();
        if (getComputedStyle(bar).display === 'none') continue;
        covered += Math.max(0, Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0));
      }
      return (window.innerHeight - covered) / window.innerHeight;
    });
  }

  test('at 450 px tall the content gets at least 80 % of the height', async ({ page, isMobile }) => {
    await page.setViewportSize({ width: isMobile ? 390 : 1440, height: 450 });
    await openHome(page);
    expect(await contentShare(page)).toBeGreaterThanOrEqual(0.8);
    // The bars are still there: the header at the top of the page, the phone's tab bar at the bottom.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(page.getByRole('navigation', { name: 'Catégories' })).toBeInViewport();
    if (isMobile) await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeInViewport();
  });

  test('on tall screens the header stays stuck at the top', async ({ page }) => {
    await openHome(page);
    await page.evaluate(() => window.scrollTo({ top: 700, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => document.querySelector('body header')?.getBoundingClientRect().top)).toBe(0);
  });
});

test.describe('Actualités on tablets and desktops', { tag: '@desktop' }, () => {
  test('a header link opens Actualités at 768 and 1440 px; phones use the tab bar', async ({ page, isMobile }) => {
    const link = page.getByRole('banner').getByRole('link', { name: 'Actualités' });
    if (isMobile) {
      await openHome(page);
      await expect(link).toBeHidden();
      return;
    }
    for (const width of [768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await openHome(page);
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(/#trending$/);
      await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
    }
  });
});

test.describe('labels that do not depend on the emoji font', { tag: '@desktop' }, () => {
  test('category tabs and the search-by-category panel are named by their text alone', async ({ page, isMobile }) => {
    await openHome(page);
    const tabs = page.getByRole('navigation', { name: 'Catégories' }).getByRole('listitem').getByRole('button');
    const names = ['Toutes catégories', 'Municipales', ...CATEGORIES.map((category) => category.name)];
    await expect(tabs).toHaveCount(names.length);
    for (const [index, name] of names.entries()) await expect(tabs.nth(index)).toHaveAccessibleName(name);
    if (!isMobile) return;
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Recherche' }).click();
    const panel = page.getByRole('dialog', { name: 'Rechercher par catégorie' }).getByRole('listitem').getByRole('button');
    for (const [index, category] of CATEGORIES.entries()) await expect(panel.nth(index)).toHaveAccessibleName(category.name);
  });

  test('rank medals of the municipal cards read "1er", "2e", "3e"; the trending heading reads "En tendance"', async ({
    page,
  }) => {
    await page.goto('/#municipales');
    const card = page.getByTestId('commune-card').first();
    await expect(card).toBeVisible();
    for (const name of ['1er', '2e', '3e']) await expect(card.getByRole('img', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'En tendance', exact: true })).toBeVisible();
  });
});

test.describe('news on phones', () => {
  test('no blank line between the title and the summary of any news item', async ({ page }) => {
    await page.goto('/#trending');
    const items = page.getByTestId('news-item');
    await expect(items).toHaveCount(6);
    const gaps = await items.evaluateAll((cards) =>
      cards.map((card) => {
        const title = card.querySelector('h3');
        const summary = title?.nextElementSibling;
        if (!title || !summary) return -1;
        // Bottom of the title's last line of visible text (not its icons, not its screen-reader-only words).
        let textBottom = -Infinity;
        const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest('.sr-only')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of Array.from(range.getClientRects())) textBottom = Math.max(textBottom, rect.bottom);
        }
        return Math.round(summary.getBoundingClientRect().top - textBottom);
      }),
    );
    for (const [index, gap] of gaps.entries()) {
      expect(gap, `news item ${index + 1}`).toBeGreaterThanOrEqual(0);
      expect(gap, `news item ${index + 1}`).toBeLessThanOrEqual(12);
    }
  });
});
