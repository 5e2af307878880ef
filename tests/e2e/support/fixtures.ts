import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { Market, VoteType } from '../../../src/shared/market.js';
import type { CategoryId } from '../../../src/shared/categories.js';
import { E2E_ADMIN_TOKEN } from './env.js';
import { issueIdentity, proofFor } from './protection.js';

export interface MarketSeed {
  title?: string;
  description?: string;
  category?: CategoryId;
  /** Days from now; negative for an ended market. */
  endsInDays?: number;
  trending?: boolean;
}

/** Real API calls, for state a test needs before it opens the page (no mocks anywhere). */
export class Api {
  constructor(private readonly request: APIRequestContext) {}

  private admin() {
    return { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
  }

  /** A fresh prediction with a unique title, so parallel tests never see each other's votes. */
  async createMarket(seed: MarketSeed = {}): Promise<Market> {
    const tag = randomBytes(4).toString('hex');
    const endsInDays = seed.endsInDays ?? 30;
    // Created open, then moved into the past if asked: the API refuses nothing at creation either way.
    const response = await this.request.post('/api/admin/markets', {
      headers: this.admin(),
      data: {
        title: seed.title ?? `Test e2e ${tag} : la prédiction se réalisera-t-elle ?`,
        description: seed.description ?? `Prédiction de test ${tag}.`,
        category: seed.category ?? 'culture',
        endDate: new Date(Date.now() + Math.max(endsInDays, 1) * 86_400_000 - 3_600_000).toISOString(),
        trending: seed.trending ?? false,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const market = (await response.json()) as Market;
    if (endsInDays <= 0)
      return this.updateMarket(market.id, { endDate: new Date(Date.now() + endsInDays * 86_400_000 - 3_600_000).toISOString() });
    return market;
  }

  async updateMarket(id: string, patch: Record<string, unknown>): Promise<Market> {
    const response = await this.request.patch(`/api/admin/markets/${id}`, { headers: this.admin(), data: patch });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as Market;
  }

  async resolveMarket(id: string, outcome: VoteType): Promise<Market> {
    const response = await this.request.post(`/api/admin/markets/${id}/resolve`, { headers: this.admin(), data: { outcome } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as Market;
  }

  async deleteMarket(id: string): Promise<void> {
    await this.request.delete(`/api/admin/markets/${id}`, { headers: this.admin() });
  }

  /** A vote from another device (a newly issued identity unless given), with its proof of work. */
  async vote(marketId: string, voteType: VoteType, fingerprint?: string): Promise<Market> {
    const response = await this.voteResponse(marketId, voteType, fingerprint);
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { market: Market }).market;
  }

  async voteResponse(marketId: string, voteType: VoteType, fingerprint?: string) {
    const identity = fingerprint ?? (await issueIdentity(this.request));
    const proof = await proofFor(this.request, { purpose: 'vote', marketId, voteType, fingerprint: identity });
    return this.request.post('/api/votes', { data: { marketId, voteType, fingerprint: identity, proof } });
  }

  /** A new identity issued by the server, as a new device gets one. */
  identity(): Promise<string> {
    return issueIdentity(this.request);
  }

  async market(id: string): Promise<Market> {
    const response = await this.request.get(`/api/markets/${id}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as Market;
  }
}

export interface E2EOptions {
  /** Leave local storage empty: the cookie banner and the "Comment ça marche ?" sheet show up. */
  firstVisit: boolean;
  /** Preset theme, or null to let the app decide (system preference). */
  theme: 'light' | 'dark' | null;
}

/** Presets local storage before the app starts (only keys not already set, so reloads keep choices). */
export async function presetStorage(page: Page, { firstVisit, theme }: E2EOptions): Promise<void> {
  await page.addInitScript(
    ([first, preset]) => {
      const setIfAbsent = (key: string, value: string) => {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      };
      if (!first) {
        setIfAbsent('howItWorksRead', 'true');
        setIfAbsent('cookieConsent', 'accepted');
      }
      if (preset) setIfAbsent('theme', preset);
    },
    [firstVisit, theme] as const,
  );
}

export const test = base.extend<E2EOptions & { api: Api }>({
  firstVisit: [false, { option: true }],
  theme: [null, { option: true }],
  api: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    const api = new Api(request);
    const created: string[] = [];
    const createMarket = api.createMarket.bind(api);
    api.createMarket = async (seed) => {
      const market = await createMarket(seed);
      created.push(market.id);
      return market;
    };
    await use(api);
    for (const id of created) await api.deleteMarket(id);
    await request.dispose();
  },
  // The browser context is reused from test to test (playwright.config.ts); Playwright's reset between
  // tests leaves granted permissions, so they are cleared here.
  context: async ({ context }, use) => {
    await use(context);
    await context.clearPermissions();
  },
  page: async ({ page, firstVisit, theme }, use) => {
    await presetStorage(page, { firstVisit, theme });
    await use(page);
  },
});

export { expect };

/** The card of a prediction in the home grid. */
export function marketCard(page: Page, title: string): Locator {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Opens the home page, optionally already filtered on a search text, and waits for the grid. */
/** The server's page reads from the first paint; its controls answer once the app has started (app.tsx says so). */
export async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1);
}

export async function openHome(page: Page, search?: string): Promise<void> {
  await page.goto('/');
  await expect(page.locator('article').first()).toBeVisible();
  await appStarted(page);
  if (search !== undefined) await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(search);
}

/**
 * The identity the page is issued in the background once the visitor shows the intent to act (read once it is
 * stored): a key press (Shift, which does nothing else) is that intent when no vote already obtained it.
 */
export async function pageIdentity(page: Page): Promise<string> {
  const stored = () =>
    page.evaluate(() => {
      const value = localStorage.getItem('user_fingerprint');
      return value !== null && /^[0-9a-f]{64}$/.test(value) ? value : null;
    });
  // Pressed again until the app, hydrated a moment after the page's load, has heard it.
  for (let attempt = 0; attempt < 60; attempt += 1) {
    await page.keyboard.press('Shift');
    const handle = await page
      .waitForFunction(() => /^[0-9a-f]{64}$/.test(localStorage.getItem('user_fingerprint') ?? ''), undefined, { timeout: 500 })
      .catch(() => null);
    if (handle) break;
  }
  return (await stored()) ?? '';
}

/** Formats a count the way the app does ("1 234" with a narrow no-break space). */
export function frenchCount(value: number): string {
  return new Intl.NumberFormat('fr-FR').format(value);
}
/**
 * The page as the server sends it when it has no render to give (its fallback, docs/decisions/026): an empty #root
 * and no list beside it, so the browser draws everything and reads the list itself. The server's render is taken
 * out of its real answer.
 */
export async function withoutServerRender(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<div id="root">.*?<script type="application\/json" id="home-data">.*?<\/script>/s,
        '<div id="root"></div>',
      );
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    },
  );
}
