import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: process.env.EXE||'/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--disable-background-networking','--disable-component-update','--disable-sync'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR', reducedMotion: 'reduce' });
const page = await ctx.newPage();
await page.addInitScript(() => { localStorage.setItem('howItWorksRead','true'); localStorage.setItem('cookieConsent','accepted'); });
await page.goto('http://127.0.0.1:4173/');
await page.locator('article').first().waitFor();
for (let i=0;i<2;i++){ let t=Date.now(); let r = await new AxeBuilder({ page }).analyze(); console.log('default', Date.now()-t, r.violations.length);
 t=Date.now(); r = await new AxeBuilder({ page }).setLegacyMode(true).analyze(); console.log('legacy', Date.now()-t, r.violations.length);
 t=Date.now(); r = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze(); console.log('legacy violations-only', Date.now()-t, r.violations.length);}
await browser.close();
