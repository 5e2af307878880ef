import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: process.env.EXE || '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--disable-background-networking','--disable-component-update','--disable-sync', ...(process.env.EXTRA? process.env.EXTRA.split(' '):[])] });
let tot=0;
for (let i = 0; i < 6; i++) {
  const t = Date.now();
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('howItWorksRead','true'); localStorage.setItem('cookieConsent','accepted'); });
  const a = Date.now();
  await page.goto('http://127.0.0.1:4173/');
  await page.locator('article').first().waitFor();
  const c = Date.now();
  await ctx.close();
  if (i>0) tot += Date.now()-t;
  console.log(`ctx+page ${a-t} load ${c-a}`);
}
console.log('avg', tot/5);
await browser.close();
