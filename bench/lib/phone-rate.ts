import { chromium } from '@playwright/test';
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { percentile, sortedCopy } from './stats.js';

/**
 * The browser's own solver (src/web/lib/proof/solve-challenge.ts, bundled as the app bundles it) timed in
 * Chromium with the CPU slowed `throttle`-fold (`Emulation.setCPUThrottlingRate`, a mid-range phone at 4), and
 * unthrottled: hashes per second over solves of a challenge whose secret number is known (so
 * every solve tries the same count); the fastest of a few, as other jobs on the machine only slow a solve down. On
 * the page's main thread, where the throttling surely applies.
 */
export interface PhoneRate {
  throttle: number;
  hashesPerSecond: number;
  unthrottledHashesPerSecond: number;
  number: number;
  solves: number;
}

const NUMBER = 150_000;
const SOLVES = 3;

export async function measurePhoneRate(throttle = 4): Promise<PhoneRate> {
  const bundle = await build({
    entryPoints: ['src/web/lib/proof/solve-challenge.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'proofSolver',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  const salt = 'bench0123456789abcdef01?p=vote&x=150000&expires=9999999999&';
  const challenge = {
    algorithm: 'SHA-256',
    challenge: createHash('sha256').update(`${salt}${NUMBER}`).digest('hex'),
    maxnumber: NUMBER,
    salt,
    signature: '0'.repeat(64),
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: script });
    const cdp = await page.context().newCDPSession(page);
    const rateAt = async (rate: number): Promise<number> => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const times: number[] = [];
      for (let solve = 0; solve < SOLVES; solve++) {
        const ms = await page.evaluate(async (c) => {
          const started = performance.now();
          const found = await (
            window as unknown as { proofSolver: { solveProofChallenge: (c: unknown) => Promise<{ number: number } | null> } }
          ).proofSolver.solveProofChallenge(c);
          if (found?.number !== c.maxnumber) throw new Error('wrong number');
          return performance.now() - started;
        }, challenge);
        times.push(ms);
      }
      // The fastest solve: other jobs on a shared machine only ever slow one down.
      return ((NUMBER + 1) * 1_000) / percentile(sortedCopy(times), 0);
    };
    const unthrottled = await rateAt(1);
    const throttled = await rateAt(throttle);
    return { throttle, hashesPerSecond: throttled, unthrottledHashesPerSecond: unthrottled, number: NUMBER, solves: SOLVES };
  } finally {
    await browser.close();
  }
}
