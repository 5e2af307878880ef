import { chromium } from '@playwright/test';
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
await ctx.addInitScript(() => {
  localStorage.setItem('howItWorksRead', 'true');
  localStorage.setItem('cookieConsent', 'accepted');
});
const page = await ctx.newPage();
await page.goto('http://127.0.0.1:4999/');
await page.locator('article').first().waitFor();
await page.waitForTimeout(2000);
console.log(
  await page.evaluate(() =>
    document
      .getAnimations()
      .map((a) => [
        a.constructor.name,
        a.animationName ?? '',
        a.effect?.target?.className?.toString?.().slice(0, 80),
        a.playState,
      ]),
  ),
);
const cdp = await ctx.newCDPSession(page);
await cdp.send('Performance.enable');
const m0 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
await page.waitForTimeout(5000);
const m1 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
for (const k of Object.keys(m1)) if (m1[k] !== m0[k]) console.log(k, (m1[k] - m0[k]).toFixed(3));
await b.close();
