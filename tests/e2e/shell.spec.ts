import { CATEGORIES, SEARCH_CHIPS } from '../../src/shared/categories.js';
import type { Locator } from '@playwright/test';
import { expect, openHome, test } from './support/fixtures.js';

test.describe('header', { tag: '@desktop' }, () => {
  test('logo returns to the home list, clears the hash and scrolls to the top', async ({ page }) => {
    await page.goto('/#trending');
    await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Prédi974, page d’accueil' }).click();
    await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');

    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Prédi974, page d’accueil' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('search box "Rechercher sur Prédi974" on medium screens and wider only', async ({ page, isMobile }) => {
    await openHome(page);
    const headerSearch = page.getByPlaceholder('Rechercher sur Prédi974');
    if (isMobile) {
      await expect(headerSearch).toBeHidden();
      return;
    }
    await expect(headerSearch).toBeVisible();
    await headerSearch.fill('Piton de la Fournaise');
    await expect(page.getByRole('searchbox', { name: 'Rechercher une prédiction' })).toHaveValue('Piton de la Fournaise');
    await expect(page.locator('article')).toHaveCount(1);
  });

  test('"Comment ça marche" button and theme toggle are in the header', async ({ page }) => {
    await openHome(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Comment ça marche' })).toBeVisible();
    await expect(banner.getByRole('button', { name: /Passer au thème (clair|sombre)/ })).toBeVisible();
  });
});

test.describe('category bar', () => {
  test('"Toutes catégories", a colourful "Municipales" tab and the eight categories', async ({ page }) => {
    await openHome(page);
    const nav = page.getByRole('navigation', { name: 'Catégories' });
    const names = await nav.getByRole('button').allInnerTexts();
    expect(names.map((name) => name.replace(/^\S+\s/u, (m) => (/\p{L}/u.test(m) ? m : '')).trim())).toEqual([
      'Toutes catégories',
      'Municipales',
      ...CATEGORIES.map((category) => category.name),
    ]);
    await nav.getByRole('button', { name: 'Municipales' }).click();
    await expect(page).toHaveURL(/#municipales$/);
    await expect(page.getByRole('heading', { name: 'Élections Municipales' })).toBeVisible();
  });

  test('selecting a category filters the list and clears the search text', async ({ page }) => {
    await openHome(page, 'La Réunion');
    const nav = page.getByRole('navigation', { name: 'Catégories' });
    await nav.getByRole('button', { name: 'Santé' }).click();
    await expect(page.getByRole('searchbox', { name: 'Rechercher une prédiction' })).toHaveValue('');
    await expect(nav.getByRole('button', { name: 'Santé' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('article[data-category="sante"]').first()).toBeVisible();
    await expect(page.locator('article:not([data-category="sante"])')).toHaveCount(0);
    await expect(page.locator('article').first().getByText('Santé')).toBeVisible();
  });
});

test.describe('search and filter bar', () => {
  test('fifteen suggested chips: a click searches, a second click on the active chip clears', async ({ page }) => {
    await openHome(page);
    const chips = page.getByRole('list', { name: 'Recherches suggérées' }).getByRole('button');
    await expect(chips).toHaveCount(15);
    expect(await chips.allInnerTexts()).toEqual([...SEARCH_CHIPS]);
    const search = page.getByRole('searchbox', { name: 'Rechercher une prédiction' });
    const chip = chips.filter({ hasText: 'Prix carburant' });
    await chip.click();
    await expect(search).toHaveValue('Prix carburant');
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await chip.click();
    await expect(search).toHaveValue('');
  });

  // Scroll buttons are for large screens.
  test('on large screens the chip row scrolls 300 px per arrow button', { tag: '@desktop-only' }, async ({ page }) => {
    await openHome(page);
    const row = page.getByRole('list', { name: 'Recherches suggérées' });
    await expect(page.getByRole('button', { name: 'Faire défiler les suggestions vers la gauche' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Faire défiler les suggestions vers la droite' }).click();
    // Smooth scrolling takes a moment: wait for it to settle on one 300 px step.
    const maxScroll = await row.evaluate((el) => el.scrollWidth - el.clientWidth);
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(Math.min(300, maxScroll));
    await page.getByRole('button', { name: 'Faire défiler les suggestions vers la gauche' }).click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(0);
  });
});

test.describe('bottom tab bar (phones)', { tag: '@desktop' }, () => {
  test('Accueil, Recherche, Tendances, Plus; hidden on large screens', async ({ page, isMobile }) => {
    await openHome(page);
    const bar = page.getByRole('navigation', { name: 'Navigation principale' });
    if (!isMobile) {
      await expect(bar).toBeHidden();
      return;
    }
    await expect(bar.getByRole('button')).toHaveText(['Accueil', 'Recherche', 'Tendances', 'Plus']);

    await bar.getByRole('button', { name: 'Tendances' }).click();
    await expect(page).toHaveURL(/#trending$/);
    await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();

    await bar.getByRole('button', { name: 'Recherche' }).click();
    const panel = page.getByRole('dialog', { name: 'Rechercher par catégorie' });
    await expect(panel.getByRole('button')).toHaveCount(CATEGORIES.length + 1);
    await panel.getByRole('button', { name: 'Cyclones/Météo' }).click();
    await expect(panel).toBeHidden();
    expect(new URL(page.url()).hash).toBe('');
    await expect(page.getByRole('searchbox', { name: 'Rechercher une prédiction' })).toHaveValue('Cyclones/Météo');

    await bar.getByRole('button', { name: 'Tendances' }).click();
    await bar.getByRole('button', { name: 'Accueil' }).click();
    expect(new URL(page.url()).hash).toBe('');
    await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();

    await bar.getByRole('button', { name: 'Plus' }).click();
    await expect(page.getByRole('dialog', { name: 'Plus' })).toBeVisible();
  });
});

test.describe('more menu', () => {
  // The more menu is reached from the phone tab bar.
  test(
    'opens even when its code failed at its address (the network dropped at the first tap)',
    { tag: '@mobile-only' },
    async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const asked: string[] = [];
      // A browser keeps a failed import of an address: the menu's code must be asked again under a fresh one.
      await page.route(/\/assets\/more-menu-[\w-]+\.js(\?.*)?$/, (route) => {
        const { search } = new URL(route.request().url());
        asked.push(search);
        return search === '' ? route.abort('internetdisconnected') : route.continue();
      });
      await openHome(page);
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Plus' }).click();
      await expect(page.getByRole('dialog', { name: 'Plus' })).toBeVisible();
      expect(asked.filter((search) => /^\?retry=\d+$/.test(search))).toHaveLength(1);
      expect(errors).toEqual([]);
    },
  );

  test('lists the pages and outside links, opens a page that returns home', { tag: '@mobile-only' }, async ({ page }) => {
    await openHome(page);
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Plus' }).click();
    const menu = page.getByRole('dialog', { name: 'Plus' });
    for (const name of [
      'Voter à la chaîne',
      'Mon bilan',
      'Documentation',
      'Mentions légales',
      'Politique de cookies',
      'Confidentialité',
      'Accessibilité',
      'Transparence des votes',
    ]) {
      await expect(menu.getByRole('button', { name })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: /Presse/ })).toHaveAttribute('target', '_blank');
    await expect(menu.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', /^mailto:/);
    await expect(menu.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', /facebook\.com/);
    await expect(menu.getByText(/© 2026 Prédi974/)).toBeVisible();

    await menu.getByRole('button', { name: 'Documentation' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Documentation', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Retour', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();
  });
});

test.describe('desktop footer', { tag: '@desktop' }, () => {
  test('slides in after 100 px of scroll, with the copyright and the links', async ({ page, isMobile }) => {
    await openHome(page);
    const footer = page.getByRole('contentinfo');
    if (isMobile) {
      await expect(footer).toBeHidden();
      return;
    }
    await expect(footer).toHaveAttribute('data-visible', 'false');
    await expect(footer).not.toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 80));
    await page.waitForTimeout(100);
    await expect(footer).toHaveAttribute('data-visible', 'false');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(footer).toHaveAttribute('data-visible', 'true');
    await expect(footer).toBeInViewport();
    await expect(footer.getByText(/© 2026 Prédi974/)).toBeVisible();
    await expect(footer.getByRole('link', { name: /Presse/ })).toHaveAttribute('target', '_blank');
    await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByRole('link', { name: /Facebook/ })).toBeVisible();
    await expect(footer.getByRole('button')).toHaveText([
      'Voter à la chaîne',
      'Mon bilan',
      'Documentation',
      'Confidentialité',
      'Mentions légales',
      'Cookies',
      'Accessibilité : non conforme',
      'Transparence',
    ]);
    const pages = [
      ['Documentation', 'Documentation'],
      ['Mentions légales', 'Mentions légales'],
      ['Confidentialité', 'Politique de confidentialité'],
      ['Cookies', 'Politique de cookies'],
      // Last: a fresh device's empty "Mon bilan" is too short to scroll the footer back in.
      ['Mon bilan', 'Mon bilan'],
    ] as const;
    for (const [link, title] of pages) {
      // Opening a page scrolls to its top, which hides the footer again until the next scroll.
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect(footer).toHaveAttribute('data-visible', 'true');
      await footer.getByRole('button', { name: link }).click();
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    }
  });
});

test.describe('cookie banner', () => {
  test.use({ firstVisit: true });

  test('"Nous utilisons des cookies": Accepter is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'J’ai compris' }).click();
    const banner = page.getByRole('region', { name: 'Consentement aux cookies' });
    await expect(banner.getByText('Nous utilisons des cookies')).toBeVisible();
    // While the bar shows, the page ends with a block 12 px taller than the bar, so nothing stays under it.
    const spacer = page.getByTestId('cookie-banner-spacer');
    await expect(async () => {
      const [bar, block] = await Promise.all([banner.boundingBox(), spacer.boundingBox()]);
      expect(block?.height).toBe(Math.ceil(bar?.height ?? 0) + 12);
    }).toPass();
    await banner.getByRole('button', { name: 'Accepter' }).click();
    await expect(banner).toBeHidden();
    await expect(spacer).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
    await page.reload();
    await expect(page.locator('article').first()).toBeVisible();
    await expect(page.getByText('Nous utilisons des cookies')).toHaveCount(0);
  });

  test('Refuser is remembered too', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'J’ai compris' }).click();
    await page.getByRole('button', { name: 'Refuser' }).click();
    await expect(page.getByText('Nous utilisons des cookies')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('rejected');
    await page.reload();
    await expect(page.locator('article').first()).toBeVisible();
    await expect(page.getByText('Nous utilisons des cookies')).toHaveCount(0);
  });
});

test.describe('"Comment ça marche ?" sheet', () => {
  test.describe('first visit', () => {
    test.use({ firstVisit: true });

    test('opens by itself with four steps; "J\'ai compris !" stores the read flag', async ({ page }) => {
      await page.goto('/');
      const sheet = page.getByRole('dialog', { name: 'Comment ça marche ?' });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole('listitem')).toHaveCount(4);
      await expect(sheet.getByRole('heading', { level: 3 })).toHaveText([
        /Votez OUI ou NON/,
        /Suivez les tendances/,
        /Explorez l’actualité/,
        /Des votes protégés/,
      ]);
      // The fourth step says what the FAQ says: one vote per prediction, which can be changed (server's rule).
      await expect(sheet.getByRole('listitem').nth(3)).toContainText(
        'Une empreinte anonyme de votre appareil compte une voix par prédiction, que vous pouvez changer tant qu’elle est ouverte, sans compte ni données personnelles.',
      );
      await expect(sheet).not.toContainText('garantit un seul vote');
      await sheet.getByRole('button', { name: 'J’ai compris' }).click();
      await expect(sheet).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('howItWorksRead'))).not.toBeNull();
      await page.reload();
      await expect(page.locator('article').first()).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    // A touch gesture.
    test('a downward swipe of 50 px closes it, a shorter one does not', { tag: '@mobile-only' }, async ({ page }) => {
      await page.goto('/');
      const sheet = page.getByRole('dialog', { name: 'Comment ça marche ?' });
      await expect(sheet).toBeVisible();
      const box = await sheet.boundingBox();
      if (!box) throw new Error('sheet has no box');
      const client = await page.context().newCDPSession(page);
      const swipe = async (distance: number) => {
        const x = box.x + box.width / 2;
        const y = box.y + 40;
        await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
        for (let step = 1; step <= 5; step += 1) {
          await client.send('Input.dispatchTouchEvent', {
            type: 'touchMove',
            touchPoints: [{ x, y: y + (distance * step) / 5 }],
          });
        }
        await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      await swipe(30);
      await expect(sheet).toBeVisible();
      await swipe(60);
      await expect(sheet).toBeHidden();
      // Any way of closing it counts as read: it does not come back.
      expect(await page.evaluate(() => localStorage.getItem('howItWorksRead'))).toBe('true');
      await page.reload();
      await expect(page.locator('article').first()).toBeVisible();
      // A sheet that opens by itself does so at the first render; leave its code time to arrive.
      await page.waitForTimeout(1_000);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test(
      'hint bubble after 3 s on wide screens, 10 s on narrower ones, never over a shared prediction nor the tabs',
      { tag: '@desktop' },
      async ({ page, isMobile }) => {
        // Time stands still until the test moves it, however slow the page is to load.
        await page.clock.install();
        // Far enough ahead that a slow start never puts the pause in the past.
        await page.clock.pauseAt(new Date(Date.now() + 30_000));
        let elapsed = 0;
        // Lazy screens appear through React's timers, which only run when the test moves the clock.
        const runUntilVisible = async (target: Locator) => {
          for (let step = 0; step < 20 && !(await target.isVisible()); step += 1) {
            await page.clock.runFor(100);
            elapsed += 100;
          }
          await expect(target).toBeVisible();
        };
        // A visit that starts on a shared prediction gets no sheet: the hint invites instead, off the prediction.
        await page.goto('/#prediction-nrl-dernier-troncon-travaux');
        // The hint's delay starts when the app has started, which takes the network its own (real) time: until then
        // the clock moves a millisecond at a time (enough for the frame and the timer that ask for the app's code),
        // so that start is counted in `elapsed` to within a few milliseconds however slow the machine. The app
        // says it has started by dropping the page's route mark.
        for (let step = 0; step < 400; step += 1) {
          if (await page.evaluate(() => document.documentElement.dataset.hashRoute === undefined)) break;
          await page.clock.runFor(1);
          elapsed += 1;
          await page.waitForTimeout(25);
        }
        expect(await page.evaluate(() => document.documentElement.dataset.hashRoute)).toBeUndefined();
        await runUntilVisible(page.getByRole('heading', { level: 1, name: /dernier tronçon de la NRL/ }));
        await page.getByRole('button', { name: 'Retour', exact: true }).click();
        await runUntilVisible(page.locator('article').first());
        await expect(page.getByRole('dialog')).toHaveCount(0);

        const hint = page.getByRole('button', { name: /Découvrez comment ça marche/ });
        const delay = isMobile ? 10_000 : 3_000;
        await page.clock.runFor(delay - elapsed - 300);
        await expect(hint).toHaveCount(0);
        await page.clock.runFor(600);
        await expect(hint).toBeVisible();

        // It hangs below the whole header: the category tabs stay uncovered.
        const tabs = await page.getByRole('navigation', { name: 'Catégories' }).boundingBox();
        const bubble = await page.getByTestId('how-it-works-hint').boundingBox();
        if (!tabs || !bubble) throw new Error('no box');
        expect(bubble.y).toBeGreaterThanOrEqual(tabs.y + tabs.height);
        // Its arrow stands under the "Comment ça marche" button, which is outlined meanwhile.
        const trigger = page.locator('[data-how-it-works-trigger]');
        const button = await trigger.boundingBox();
        const arrow = await page.getByTestId('how-it-works-hint-arrow').boundingBox();
        if (!button || !arrow) throw new Error('no box');
        expect(Math.abs(arrow.x + arrow.width / 2 - (button.x + button.width / 2))).toBeLessThanOrEqual(2);
        await expect(trigger).toHaveAttribute('data-hinted', 'true');
        // And it leaves "Voter à la chaîne" uncovered.
        const chain = await page.getByRole('main').getByRole('button', { name: 'Voter à la chaîne' }).boundingBox();
        if (!chain) throw new Error('no box');
        const overlaps =
          bubble.x < chain.x + chain.width &&
          chain.x < bubble.x + bubble.width &&
          bubble.y < chain.y + chain.height &&
          chain.y < bubble.y + bubble.height;
        expect(overlaps).toBe(false);

        await hint.click();
        await runUntilVisible(page.getByRole('dialog', { name: 'Comment ça marche ?' }));
      },
    );

    test('the hint never shows over a shared prediction', async ({ page }) => {
      await page.clock.install();
      await page.goto('/#prediction-nrl-dernier-troncon-travaux');
      await expect(page.getByRole('heading', { level: 1, name: /dernier tronçon de la NRL/ })).toBeVisible();
      await page.clock.runFor(11_000);
      await expect(page.getByTestId('how-it-works-hint')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });

  test('no hint once read; focus is trapped in the sheet and returns to the button on close', async ({ page }) => {
    await page.clock.install();
    await openHome(page);
    await page.clock.runFor(11_000);
    await expect(page.getByRole('button', { name: /Découvrez comment ça marche/ })).toHaveCount(0);

    const trigger = page.getByRole('banner').getByRole('button', { name: 'Comment ça marche' });
    await trigger.click();
    const sheet = page.getByRole('dialog', { name: 'Comment ça marche ?' });
    await expect(sheet).toBeVisible();
    for (let press = 0; press < 5; press += 1) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});
