import type { Page } from '@playwright/test';
import { appStarted, expect, openHome, test } from './support/fixtures.js';

/** The demo prediction with the longest title: four lines on a phone. */
const NRL = 'nrl-dernier-troncon-travaux';

/** Elements whose right edge runs past the viewport, except inside a box that clips or scrolls sideways. */
function elementsPastTheRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') clipped = true;
      }
      if (!clipped)
        past.push(`${element.tagName} « ${(element.textContent ?? '').trim().slice(0, 40)} » ${Math.round(box.right)} px`);
    }
    return past;
  });
}

test.describe('a phone at 390 × 844, first visit from a shared link', () => {
  test.use({ firstVisit: true, viewport: { width: 390, height: 844 } });

  test('OUI and NON show without scrolling, uncovered by the cookie banner or the tab bar', async ({ page }) => {
    await page.goto(`/#prediction-${NRL}`);
    await expect(page.getByRole('region', { name: 'Consentement aux cookies' })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Votre prédiction' });
    for (const name of [/^OUI/, /^NON/]) {
      const button = panel.getByRole('button', { name });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      if (!box) throw new Error('no box');
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const onTop = await page.evaluate(
        ([x, y]) => {
          const element = document.elementFromPoint(x ?? 0, y ?? 0);
          return element?.closest('button')?.textContent ?? element?.tagName ?? null;
        },
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(onTop).toMatch(name);
    }
  });
});

test.describe('a phone at 200 % zoom (195 × 422)', () => {
  test.use({ firstVisit: true, viewport: { width: 195, height: 422 } });

  test('nothing runs past the right edge, on the home and on a detail', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('howItWorksRead', 'true'));
    await openHome(page);
    await expect(page.getByRole('region', { name: 'Consentement aux cookies' })).toBeVisible();
    expect(await elementsPastTheRightEdge(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(195);
    await page.goto(`/#prediction-${NRL}`);
    await expect(page.getByRole('button', { name: 'Partager' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Période' })).toBeVisible();
    expect(await elementsPastTheRightEdge(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(195);
  });
});

/** Line breaks that fall between two letters (a word cut in two) in the text of the elements `selector` matches. */
function wordsCutInTwo(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const cuts: string[] = [];
    const range = document.createRange();
    for (const element of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let lineTop: number | null = null;
      let previous = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node as Text;
        for (let index = 0; index < text.length; index += 1) {
          range.setStart(text, index);
          range.setEnd(text, index + 1);
          const box = range.getClientRects()[0];
          const character = text.data[index] ?? '';
          if (box && box.width > 0) {
            if (lineTop !== null && box.top > lineTop + 2 && /[\p{L}\p{N}]/u.test(previous) && /[\p{L}\p{N}]/u.test(character))
              cuts.push(`${text.data.slice(0, index)}|${text.data.slice(index)}`);
            lineTop = box.top;
          }
          previous = character;
        }
      }
    }
    return cuts;
  }, selector);
}

test.describe('a phone at 200 % zoom (195 × 422), coming back', () => {
  test.use({ viewport: { width: 195, height: 422 } });

  test('names, titles and headings keep their words whole and show in full', async ({ page }) => {
    // Prediction cards: the whole question, not its first three lines (the last line of each title inside its heading).
    await openHome(page);
    const titles = page.locator('article[data-market-id] h3');
    expect(await titles.count()).toBeGreaterThan(10);
    const clipped = await titles.evaluateAll((headings) =>
      headings
        .filter((heading) => {
          const range = document.createRange();
          range.selectNodeContents(heading);
          const lines = range.getClientRects();
          const last = lines[lines.length - 1];
          return !last || last.bottom > heading.getBoundingClientRect().bottom + 1;
        })
        .map((heading) => heading.textContent),
    );
    expect(clipped).toEqual([]);

    // Municipal cards: each commune's name beside (or above) its « Tendance » badge, and each candidate's name, in full
    // (not cut to nothing, or to « H… »).
    await page.goto('/#municipales');
    await expect(page.getByTestId('commune-candidate-name').first()).toBeVisible();
    const cut = (testId: string) =>
      page
        .getByTestId(testId)
        .evaluateAll((elements) =>
          elements
            .filter((element) => element.clientWidth === 0 || element.scrollWidth > element.clientWidth + 1)
            .map((element) => element.textContent),
        );
    expect(await cut('commune-open')).toEqual([]);
    expect(await cut('commune-candidate-name')).toEqual([]);
    expect(await elementsPastTheRightEdge(page)).toEqual([]);

    // A commune's sheet: the candidates' names on whole words, not a letter per line.
    await page.goto('/#commune-97411');
    await expect(page.getByTestId('detail-name').first()).toBeVisible();
    expect(await wordsCutInTwo(page, '[data-testid="detail-name"]')).toEqual([]);
    expect(await elementsPastTheRightEdge(page)).toEqual([]);
    // Its title row and « Confirmer le vote » stay tight: the candidates' part, the one that scrolls, keeps almost half
    // of the 422 px (155 px, 37 %, before).
    const candidatesHeight = await page.locator('[role="dialog"] [data-sheet-body]').evaluate((body) => body.clientHeight);
    expect(candidatesHeight).toBeGreaterThanOrEqual(190);

    // A static page: its title and headings on whole words (« Documentation », not « Documentat » + « ion »).
    await page.goto('/#documentation');
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    expect(await wordsCutInTwo(page, 'main h1, main h2, main summary, [data-testid="doc-categories"] li')).toEqual([]);
    expect(await elementsPastTheRightEdge(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(195);
  });
});

test.describe('the cookie banner at 200 % zoom, first visit', () => {
  test.use({ firstVisit: true });
  for (const viewport of [
    { width: 195, height: 422 },
    { width: 422, height: 195 },
  ]) {
    test(`at ${viewport.width} × ${viewport.height} (200 % zoom) the cookie banner covers nothing: it opens the page and scrolls away`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => localStorage.setItem('howItWorksRead', 'true'));
      await page.goto('/');
      await appStarted(page);
      const banner = page.getByRole('region', { name: 'Consentement aux cookies' });
      await expect(banner).toBeInViewport();
      const box = await banner.boundingBox();
      if (!box) throw new Error('no box');
      // Above the header, before everything else of the page.
      const header = await page.getByRole('banner').boundingBox();
      if (!header) throw new Error('no header box');
      expect(box.y + box.height).toBeLessThanOrEqual(header.y);
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect(banner).not.toBeInViewport();
      // Nothing kept for it at the end of the page either.
      await expect(page.getByTestId('cookie-banner-spacer')).toHaveCount(0);
    });
  }
});

test.describe('a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the search box shows its whole placeholder, and keeps its name', async ({ page }) => {
    await openHome(page);
    const search = page.getByRole('searchbox', { name: 'Rechercher une prédiction' });
    await expect(search).toHaveAttribute('placeholder', 'Rechercher une prédiction...');
    const { text, room } = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no canvas');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        text: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    expect(text).toBeLessThanOrEqual(room);
  });
});

/** The first character of every line the card titles are drawn on. */
function firstCharactersOfTitleLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const firsts: string[] = [];
    for (const link of document.querySelectorAll('article[data-market-id] h3 a')) {
      const text = link.firstChild;
      if (!(text instanceof Text)) continue;
      const range = document.createRange();
      let lineTop = Number.NEGATIVE_INFINITY;
      for (let index = 0; index < text.length; index += 1) {
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const box = range.getClientRects()[0];
        if (!box || box.width === 0) continue;
        if (box.top > lineTop + 2) {
          firsts.push(text.data[index] ?? '');
          lineTop = box.top;
        }
      }
    }
    return firsts;
  });
}

for (const width of [1440, 768]) {
  test(`card titles at ${width} px: "?" and ":" never start a line @desktop-only`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openHome(page);
    const prix = page.locator('article[data-market-id="prix-carburant-sans-plomb-2-euros"] h3 a');
    expect(await prix.textContent()).toBe(
      'Prix carburant\u00a0: le litre de sans-plomb dépassera-t-il 2\u00a0€ à la pompe\u202f?',
    );
    const firsts = await firstCharactersOfTitleLines(page);
    expect(firsts.length).toBeGreaterThan(20);
    expect(firsts.filter((character) => character === '?' || character === ':')).toEqual([]);
  });
}

test.describe('« Voter à la chaîne » on a small or short screen', () => {
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 844, height: 390 },
    { width: 720, height: 450 },
  ]) {
    test(`at ${viewport.width} × ${viewport.height}, NON, Passer and OUI show whole without scrolling, and the page is no wider than the screen`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/#a-la-chaine');
      await appStarted(page);
      await expect(page.getByTestId('chain-card')).toBeVisible();
      const choice = page.getByRole('group', { name: 'Votre choix' });
      for (const name of [/NON/, /Passer/, /OUI/]) {
        const button = choice.getByRole('button', { name });
        const box = await button.boundingBox();
        if (!box) throw new Error('no box');
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        // Not under the phone's tab bar: the button itself is what a tap at its centre reaches.
        const reached = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('button')?.textContent ?? null,
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(reached).toMatch(name);
      }
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await elementsPastTheRightEdge(page)).toEqual([]);
      await expect(page.getByRole('button', { name: 'Retour' })).toHaveCount(1);
    });
  }
});

test.describe('the how-it-works hint at 200 % zoom on a phone (195 × 422)', () => {
  test.use({ viewport: { width: 195, height: 422 } });

  test('it stays a small bubble: under a quarter of the screen’s height', async ({ page }) => {
    await page.addInitScript(() => localStorage.removeItem('howItWorksRead'));
    // A visit from a shared prediction, then the home: the hint shows after its delay (10 s on a narrow screen).
    await page.goto(`/#prediction-${NRL}`);
    await appStarted(page);
    await page.getByRole('button', { name: 'Retour', exact: true }).click();
    const hint = page.getByTestId('how-it-works-hint');
    await expect(hint).toBeVisible({ timeout: 20_000 });
    await expect(hint.getByRole('button', { name: /Découvrez comment ça marche/ })).toBeVisible();
    // Its layout height: the entrance animation scales the box, not the layout.
    expect(await hint.evaluate((element: HTMLElement) => element.offsetHeight)).toBeLessThanOrEqual(105);
    expect(await elementsPastTheRightEdge(page)).toEqual([]);
  });
});
