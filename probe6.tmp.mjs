import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.EXE||'/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--disable-background-networking','--disable-component-update','--disable-sync'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR', reducedMotion: 'reduce' });
const page = await ctx.newPage();
await page.addInitScript(() => { localStorage.setItem('howItWorksRead','true'); localStorage.setItem('cookieConsent','accepted'); });
await page.goto('http://127.0.0.1:4173/');
await page.locator('article').first().waitFor();
await page.evaluate(axeSource);
for (let i=0;i<2;i++){
const t = Date.now();
const res = await page.evaluate(async () => {
  const r = await window.axe.run(document, { performanceTimer: false, resultTypes: ['violations'] });
  return r.violations.length;
});
console.log('axe full', Date.now()-t, res);
}
const times = await page.evaluate(async () => {
  const rules = window.axe.getRules().map(r=>r.ruleId);
  const out = [];
  for (const id of rules) { const t=performance.now(); await window.axe.run(document, { runOnly: { type: 'rule', values: [id] }, resultTypes: ['violations'] }); out.push([id, Math.round(performance.now()-t)]); }
  return out.sort((a,b)=>b[1]-a[1]).slice(0,12);
});
console.log(times);
await browser.close();
