import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';

/** Debian's Firefox ESR (`apt-get install firefox-esr`, done by scripts/test.sh when it is missing). */
export const FIREFOX = '/usr/bin/firefox-esr';

export interface Firefox {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Firefox ESR driven over WebDriver BiDi, headless, in a fresh profile on disk (a visitor's browser: service
 * workers and storage as usual), French and on the island's time.
 */
export async function launchFirefox(): Promise<Firefox> {
  const profile = mkdtempSync(join(tmpdir(), 'predi974-firefox-profile-'));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      userDataDir: profile,
      defaultViewport: { width: 390, height: 844 },
      env: { ...process.env, TZ: 'Indian/Reunion' },
      extraPrefsFirefox: {
        'intl.accept_languages': 'fr-FR, fr',
        'intl.locale.requested': 'fr-FR',
        // Scroll bars over the page, as on phones, rather than a strip beside it.
        'ui.useOverlayScrollbars': 1,
      },
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface PhonePage {
  page: Page;
  /** The script errors the page has thrown so far. */
  errors: string[];
}

/** A new tab at phone size, past the cookie banner and the "Comment ça marche ?" sheet (a returning visitor). */
export async function newPhonePage(browser: Browser): Promise<PhonePage> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  await page.setViewport({ width: 390, height: 844 });
  await page.evaluateOnNewDocument(() => {
    // Also runs in the tab's first blank document, whose storage Firefox refuses (SecurityError).
    if (location.protocol !== 'http:') return;
    if (localStorage.getItem('howItWorksRead') === null) localStorage.setItem('howItWorksRead', 'true');
    if (localStorage.getItem('cookieConsent') === null) localStorage.setItem('cookieConsent', 'accepted');
  });
  return { page, errors };
}

/**
 * Taps an element as a finger would: brought to the middle of the screen first. Puppeteer scrolls only elements
 * that are out of view, and one at the bottom edge can be under the fixed tab bar, which would then get the tap.
 */
export async function tap(element: ElementHandle<Element>): Promise<void> {
  await element.evaluate((target) => target.scrollIntoView({ block: 'center' }));
  await element.click();
}

/** Taps the first visible element matching `selector`, once there. */
export async function tapSelector(page: Page, selector: string): Promise<void> {
  const element = await page.waitForSelector(selector, { visible: true, timeout: 15_000 });
  if (!element) throw new Error(`no ${selector}`);
  await tap(element);
}

type TextMatch = 'contains' | 'exact' | 'prefix';

/** Waits until an element matching `selector` shows `text` in its trimmed text (within it, all of it, or at its start). */
export async function waitForText(
  page: Page,
  selector: string,
  text: string,
  { match = 'contains', timeout = 15_000 }: { match?: TextMatch; timeout?: number } = {},
): Promise<void> {
  try {
    await page.waitForFunction(
      (css, wanted, how) =>
        [...document.querySelectorAll(css)].some((element) => {
          const shown = (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
          return how === 'exact' ? shown === wanted : how === 'prefix' ? shown.startsWith(wanted) : shown.includes(wanted);
        }),
      { timeout },
      selector,
      text,
      match,
    );
  } catch (error) {
    // Says what the page showed instead, so that a failure in Firefox can be read without a rerun.
    const shown = await textsOf(page, selector).catch(() => []);
    throw new Error(
      `no ${selector} reading « ${text} » (${match}) after ${timeout} ms; shown: ${JSON.stringify(shown.slice(0, 5))}`,
      {
        cause: error,
      },
    );
  }
}

/** The first element matching `selector` whose trimmed text is `text` (or starts with it), once it is there. */
export async function elementWithText(
  page: Page,
  selector: string,
  text: string,
  match: Exclude<TextMatch, 'contains'> = 'exact',
): Promise<ElementHandle<Element>> {
  await waitForText(page, selector, text, { match });
  const handle = await page.evaluateHandle(
    (css, wanted, how) =>
      [...document.querySelectorAll(css)].find((element) => {
        const shown = (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
        return how === 'exact' ? shown === wanted : shown.startsWith(wanted);
      }),
    selector,
    text,
    match,
  );
  const element = handle.asElement();
  if (!element) throw new Error(`no ${selector} reading « ${text} »`);
  return element as ElementHandle<Element>;
}

/** The trimmed texts of every element matching `selector`. */
export function textsOf(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (elements) =>
    elements.map((element) => (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim()),
  );
}
