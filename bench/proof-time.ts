/**
 * Time a vote takes in Chromium with 4× CPU throttling (a mid-range phone), with the vote protection on and off
 * (the vote alone), at normal difficulty: each vote comes from a new device (new browser context, new identity), one
 * vote each, so no budget is crossed. With the protection on, the script counts the challenge requests made between
 * the tap and the confirmation (one, bound to the vote).
 *
 *   npm run build && npx tsx bench/proof-time.ts            # ROUNDS=20 by default
 *
 * Prints p50/p95 of: click → "Vote enregistré!" for each mode, their difference, and the worker's own
 * solving time read from the proof sent (`took`, in the ALTCHA payload).
 *
 * Then a new visitor's first vote from a card of the home page with the protection on, as a phone meets it: the app
 * started, no identity yet, the tap on OUI is the first gesture, so the identity (its challenge, its proof, its
 * issuance) and the vote's proof are all made after the tap; timed from the tap to « Vous avez voté ».
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.js';
import { killAllChildren, startAppServer, type AppServer } from './lib/processes.js';
import { percentile, round, sortedCopy } from './lib/stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 20);

/**
 * Timed in the page itself: from the tap's pointerdown (its event time) to the frame after the confirmation's text
 * entered the DOM. Timed from the script instead, each figure also held the protocol's round trips and the polling
 * of Playwright's waits (up to 100 ms and more under the slowed CPU).
 */
function installVoteClock(): void {
  const clock = { armed: false, text: '', start: -1, shown: -1 };
  (window as unknown as { voteClock: typeof clock }).voteClock = clock;
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (clock.armed && clock.start < 0) clock.start = event.timeStamp;
    },
    true,
  );
  new MutationObserver((records) => {
    if (clock.start < 0 || clock.shown >= 0) return;
    for (const record of records) {
      const nodes = record.type === 'characterData' ? [record.target] : [...record.addedNodes];
      if (nodes.some((node) => (node.textContent ?? '').includes(clock.text))) {
        clock.shown = 0;
        requestAnimationFrame(() => (clock.shown = performance.now()));
        return;
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

async function armVoteClock(page: Page, text: string): Promise<void> {
  await page.evaluate((confirmation) => {
    const clock = (window as unknown as { voteClock: { armed: boolean; text: string } }).voteClock;
    clock.text = confirmation;
    clock.armed = true;
  }, text);
}

/**
 * Waits for the clock with a cheap check every 50 ms: Playwright's locators, polled meanwhile, took a good part of
 * the slowed main thread (role and text queries over the page) and delayed the very confirmation they waited for.
 */
async function readVoteClock(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const clock = (window as unknown as { voteClock: { start: number; shown: number } }).voteClock;
      return clock.start >= 0 && clock.shown > 0 ? clock.shown - clock.start : null;
    },
    null,
    { polling: 50, timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}
const THROTTLE = Number(process.env.CPU_THROTTLE ?? 4);
const ADMIN_TOKEN = 'bench-admin-token';

interface Sample {
  voteMs: number;
  /** Worker's search time from the proof payload; null when no proof was sent. */
  solveMs: number | null;
  maxnumber: number | null;
  /** Challenge requests between the tap and the confirmation. */
  challengesDuringVote: number;
}

async function createMarket(server: AppServer, index: number): Promise<string> {
  const response = await fetch(`${server.base}/api/admin/markets`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: `Mesure ${index} : la preuve de travail est-elle invisible ?`,
      description: 'Prédiction de mesure.',
      category: 'culture',
      endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      trending: false,
    }),
  });
  if (response.status !== 201) throw new Error(`market: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A returning visitor's phone (sheet read, cookies answered), its CPU slowed, with the vote clock installed. */
async function phonePage(
  browser: Browser,
  headers: Record<string, string> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    extraHTTPHeaders: headers,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Indian/Reunion',
  });
  await context.addInitScript(() => {
    localStorage.setItem('howItWorksRead', 'true');
    localStorage.setItem('cookieConsent', 'accepted');
  });
  await context.addInitScript(installVoteClock);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  return { context, page };
}

async function oneVote(browser: Browser, server: AppServer, marketId: string): Promise<Sample> {
  const { context, page } = await phonePage(browser);
  try {
    let maxnumber: number | null = null;
    let voting = false;
    let challengesDuringVote = 0;
    page.on('request', (request) => {
      if (voting && request.url().endsWith('/api/challenges')) challengesDuringVote += 1;
    });
    page.on('response', (response) => {
      const sent = response.request().postDataJSON() as { purpose?: string } | null;
      if (response.url().endsWith('/api/challenges') && sent?.purpose === 'vote') {
        void response
          .json()
          .then((body: { challenge: { maxnumber?: number } | null }) => (maxnumber = body.challenge?.maxnumber ?? null))
          .catch(() => undefined);
      }
    });
    await page.goto(`${server.base}/#prediction-${marketId}`);
    // The identity is issued at the visitor's first sign of intent (docs/decisions/039): a key press here, repeated
    // until the app, started a moment after the page, has heard it. The vote is timed once the identity is stored.
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    const issued = () =>
      page
        .waitForFunction(() => /^[0-9a-f]{64}$/.test(localStorage.getItem('user_fingerprint') ?? ''), null, { timeout: 1_000 })
        .then(() => true)
        .catch(() => false);
    for (let attempt = 0; attempt < 60; attempt += 1) {
      await page.keyboard.press('Shift');
      if (await issued()) break;
    }
    const panel = page.getByRole('region', { name: 'Votre prédiction' });
    await panel.getByRole('button', { name: /^OUI/ }).click();
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/votes'));
    await armVoteClock(page, 'Vote enregistré');
    voting = true;
    await panel.getByRole('button', { name: 'Voter OUI' }).click();
    const voteMs = await readVoteClock(page);
    await panel.getByText('Vote enregistré !').waitFor({ timeout: 10_000 });
    voting = false;
    const body = (await posted).postDataJSON() as { proof?: string };
    const solveMs = body.proof ? (JSON.parse(Buffer.from(body.proof, 'base64').toString()) as { took: number }).took : null;
    return { voteMs, solveMs, maxnumber, challengesDuringVote };
  } finally {
    await context.close();
  }
}

/** A new device's first vote from a home card, the tap being its first gesture (identity made after it). */
async function firstTapOnCard(
  browser: Browser,
  server: AppServer,
  visitor: number,
): Promise<{ voteMs: number; requests: number }> {
  // Each phone its own address (the server trusts one proxy here), so no address budget raises the price.
  const { context, page } = await phonePage(browser, {
    'X-Forwarded-For': `10.9.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
  });
  try {
    let requests = 0;
    let voting = false;
    page.on('request', (request) => {
      if (voting && /\/api\/(identity|challenges|votes)$/.test(request.url())) requests += 1;
    });
    await page.goto(`${server.base}/`);
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    const card = page.locator('article').first();
    await armVoteClock(page, 'Vous avez voté');
    voting = true;
    await card.getByRole('button', { name: /^Voter OUI/ }).tap();
    const voteMs = await readVoteClock(page);
    await card.getByText('Vous avez voté').waitFor({ timeout: 10_000 });
    if ((await page.evaluate(() => localStorage.getItem('user_fingerprint'))) === null) throw new Error('no identity');
    return { voteMs, requests };
  } finally {
    await context.close();
  }
}

/** A fresh server (env on top of the defaults), one vote not counted to warm it up, then ROUNDS votes timed. */
async function rounds<T>(
  name: string,
  env: Record<string, string>,
  vote: (server: AppServer, round: number) => Promise<T>,
): Promise<T[]> {
  const dir = mkdtempSync(join(tmpdir(), `predi974-proof-${name}-`));
  const server = await startAppServer(join(dir, 'db.sqlite'), { env: { SEED: 'none', ADMIN_TOKEN, LOG_LEVEL: 'warn', ...env } });
  try {
    // The warm-up: server JIT, first worker download.
    await vote(server, 0);
    const samples: T[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      samples.push(await vote(server, round));
      process.stdout.write('.');
    }
    process.stdout.write('\n');
    return samples;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each visitor a new device voting once on the only prediction, so its card is the first of the home page. */
function measureFirstTaps(browser: Browser): Promise<{ voteMs: number; requests: number }[]> {
  let created: Promise<string> | null = null;
  return rounds('first-tap', { TRUST_PROXY: '1' }, async (server, round) => {
    created ??= createMarket(server, 0);
    await created;
    return firstTapOnCard(browser, server, round);
  });
}

function measure(browser: Browser, protection: 'on' | 'off'): Promise<Sample[]> {
  return rounds(protection, { VOTE_PROTECTION: protection }, async (server, round) =>
    oneVote(browser, server, await createMarket(server, round)),
  );
}

function summary(values: number[]): string {
  const sorted = sortedCopy(values);
  return `p50 ${round(percentile(sorted, 50))} ms, p95 ${round(percentile(sorted, 95))} ms (n=${values.length})`;
}

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const on = await measure(browser, 'on');
    const off = await measure(browser, 'off');
    const onMs = on.map((sample) => sample.voteMs);
    const offMs = off.map((sample) => sample.voteMs);
    const solve = on.flatMap((sample) => (sample.solveMs === null ? [] : [sample.solveMs]));
    const maxnumbers = [...new Set(on.map((sample) => sample.maxnumber))];
    console.log(`CPU throttling ×${THROTTLE}, ${ROUNDS} votes per mode, each from a new device`);
    console.log(`challenge maxnumber asked: ${maxnumbers.join(', ')}`);
    console.log(
      `challenge requests between tap and confirmation: ${on.reduce((sum, sample) => sum + sample.challengesDuringVote, 0)}`,
    );
    console.log(`vote, protection on : ${summary(onMs)}`);
    console.log(`vote, protection off: ${summary(offMs)}`);
    const p = (values: number[], q: number) => percentile(sortedCopy(values), q);
    console.log(
      `added by the protection: p50 ${round(p(onMs, 50) - p(offMs, 50))} ms, p95 ${round(p(onMs, 95) - p(offMs, 95))} ms`,
    );
    console.log(`worker search alone (took): ${summary(solve)}`);
    const firstTaps = await measureFirstTaps(browser);
    console.log(
      `first vote of a new visitor from a home card, the tap as first gesture (identity after it): ${summary(firstTaps.map((sample) => sample.voteMs))}; requests after the tap: ${firstTaps.reduce((sum, sample) => sum + sample.requests, 0) / firstTaps.length} a vote`,
    );
  } finally {
    await browser.close();
    killAllChildren();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  killAllChildren();
  process.exitCode = 1;
});
