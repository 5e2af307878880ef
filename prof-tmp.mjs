import { chromium } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
function cpu() {
  const out = {};
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const st = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      const t = (+st[11] + +st[12]) / 100;
      const type =
        (cmd.match(/--type=([a-z-]+)/) || [, 'browser'])[1] +
        (cmd.includes('--utility-sub-type=') ? ':' + cmd.match(/--utility-sub-type=([a-zA-Z.]+)/)[1] : '');
      out[type] = (out[type] ?? 0) + t;
    } catch {}
  }
  return out;
}
const extra = (process.argv[4] ?? '').split(',').filter(Boolean);
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
const url = process.argv[3] ?? '/';
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
await page.goto('http://127.0.0.1:4999' + url);
await page.locator('main').first().waitFor();
await page.waitForTimeout(1000);
const c0 = cpu();
const t0 = Date.now();
for (let i = 0; i < 10; i++) {
  await page.reload();
  await page.locator('article').first().waitFor();
  await page.waitForTimeout(500);
}
const c1 = cpu();
const wall = (Date.now() - t0) / 1000 - 5;
console.log(
  mode,
  url,
  extra.join(' '),
  'wall/load',
  (wall / 10).toFixed(2),
  Object.keys(c1)
    .map((k) => `${k} ${((c1[k] - (c0[k] ?? 0)) / 10).toFixed(2)}`)
    .join('  '),
  'total',
  (Object.keys(c1).reduce((s, k) => s + c1[k] - (c0[k] ?? 0), 0) / 10).toFixed(2),
);
await b.close();
