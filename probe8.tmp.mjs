import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: process.env.EXE || '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--disable-background-networking','--disable-component-update','--disable-sync'] });
const opts = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' };
const shared = await browser.newContext(opts);
const sharedPage = await shared.newPage();
for (const mode of ['newctx','newpage','samepage','newctx','newpage','samepage']) {
  let tot = 0;
  for (let i = 0; i < 5; i++) {
    const t = Date.now();
    let ctx, page;
    if (mode==='newctx') { ctx = await browser.newContext(opts); page = await ctx.newPage(); }
    else if (mode==='newpage') { page = await shared.newPage(); }
    else { page = sharedPage; await page.goto('about:blank'); }
    await page.goto('http://127.0.0.1:4173/');
    await page.locator('article').first().waitFor();
    await page.evaluate(() => localStorage.clear());
    if (ctx) await ctx.close(); else if (mode==='newpage') await page.close();
    tot += Date.now()-t;
  }
  console.log(mode, tot/5);
}
await browser.close();
