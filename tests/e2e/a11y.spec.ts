import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import { appStarted, expect, test } from './support/fixtures.js';

// Animations are instant, so axe never measures a half-faded colour.
test.use({ reducedMotion: 'reduce' });
// axe over a full grid of cards, twice, needs more than the default budget on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

interface Screen {
  name: string;
  hash?: string;
  mobileOnly?: boolean;
  firstVisit?: boolean;
  /** Waits for the screen, opening whatever it needs. */
  open: (page: Page) => Promise<void>;
}

const heading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

const SCREENS: Screen[] = [
  { name: 'home', open: async (page) => void (await expect(page.locator('article').first()).toBeVisible()) },
  {
    name: 'first visit: how-it-works sheet and cookie banner',
    firstVisit: true,
    open: async (page) => {
      await expect(page.getByRole('dialog', { name: 'Comment ça marche ?' })).toBeVisible();
      await expect(page.locator('article').first()).toBeVisible();
    },
  },
  {
    name: 'cookie banner',
    firstVisit: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'J’ai compris' }).click();
      await expect(page.getByText('Nous utilisons des cookies')).toBeVisible();
    },
  },
  {
    name: 'open prediction detail',
    hash: '#prediction-nrl-dernier-troncon-travaux',
    open: async (page) => {
      await expect(page.getByRole('region', { name: 'Votre prédiction' })).toBeVisible();
      await page.getByRole('region', { name: 'Votre prédiction' }).getByRole('button', { name: /^OUI/ }).click();
      await expect(page.getByText('Vous êtes sur le point de voter')).toBeVisible();
    },
  },
  {
    name: 'resolved prediction detail',
    hash: '#prediction-grand-raid-record-diagonale-des-fous',
    open: (page) => heading(page, /Diagonale des Fous/),
  },
  {
    name: 'accessibility statement',
    hash: '#accessibilite',
    open: (page) => heading(page, 'Déclaration d’accessibilité'),
  },
  {
    name: 'search by category panel',
    mobileOnly: true,
    open: async (page) => {
      await appStarted(page);
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Recherche' }).click();
      await expect(page.getByRole('dialog', { name: 'Rechercher par catégorie' })).toBeVisible();
    },
  },
  {
    name: 'more menu',
    mobileOnly: true,
    open: async (page) => {
      await appStarted(page);
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Plus' }).click();
      await expect(page.getByRole('dialog', { name: 'Plus' })).toBeVisible();
    },
  },
];
// The municipal, news and static pages run the same check in their own specs.

async function expectNoViolations(page: Page, label: string) {
  expect(await axeViolations(page), label).toEqual([]);
}

for (const screen of SCREENS) {
  test.describe(() => {
    test.use({ firstVisit: Boolean(screen.firstVisit) });
    test(
      `no axe violation, light and dark: ${screen.name}`,
      { tag: screen.mobileOnly ? ['@mobile-only'] : ['@desktop'] },
      async ({ page }) => {
        await page.goto(`/${screen.hash ?? ''}`);
        for (const theme of ['light', 'dark'] as const) {
          await page.evaluate(
            ([value, first]) => {
              localStorage.setItem('theme', value);
              if (first) {
                localStorage.removeItem('howItWorksRead');
                localStorage.removeItem('cookieConsent');
              }
            },
            [theme, Boolean(screen.firstVisit)] as const,
          );
          await page.reload();
          await screen.open(page);
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
          await expectNoViolations(page, `${screen.name} (${theme})`);
        }
      },
    );
  });
}
