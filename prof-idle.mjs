import { chromium } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
function cpu() {
  const o = {};
  let t = 0;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const st = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      const v = (+st[11] + +st[12]) / 100;
      t += v;
      const k = (cmd.match(/--type=([a-z-]+)/) || [, 'browser'])[1];
      o[k] = (o[k] ?? 0) + v;
    } catch {}
  }
  globalThis.last = o;
  return t;
}
const extra = (process.argv[3] ?? '').split(',').filter(Boolean);
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...extra,
  ],
});
const mode = process.argv[2] ?? 'mobile';
const ctx = await b.newContext(
  mode === 'mobile'
    ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' }
    : { viewport: { width: 1440, height: 900 }, locale: 'fr-FR' },
);
await ctx.addInitScript(() => {
  localStorage.setItem('howItWorksRead', 'true');
  localStorage.setItem('cookieConsent', 'accepted');
});
const page = await ctx.newPage();
await page.goto('http://127.0.0.1:4999/');
await page.locator('article').first().waitFor();
await page.waitForTimeout(2000);
let c0 = cpu();
const o0 = { ...globalThis.last };
await page.waitForTimeout(10000);
console.log(
  'idle 10s',
  (cpu() - c0).toFixed(2),
  Object.entries(globalThis.last)
    .map(([k, v]) => k + ' ' + (v - (o0[k] ?? 0)).toFixed(2))
    .join(' '),
);
c0 = cpu();
for (let i = 0; i < 20; i++) await page.locator('article').first().isVisible();
console.log('20 locator queries', (cpu() - c0).toFixed(2));
await b.close();
