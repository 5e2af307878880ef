import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4799';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic'] });
const sizes = [[320,640,1],[390,844,1],[844,390,1],[768,1024,1],[1440,900,1],[195,422,2]];
for (const [w,h,dpr] of sizes) for (const dark of [false,true]) {
  const ctx = await b.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: dpr, serviceWorkers: 'block', colorScheme: dark ? 'dark' : 'light' });
  await ctx.addInitScript((t) => { localStorage.setItem('howItWorksRead','true'); localStorage.setItem('cookieConsent','accepted'); localStorage.setItem('theme', t); }, dark ? 'dark' : 'light');
  const p = await ctx.newPage();
  await p.goto(base + '/'); await p.waitForSelector('html[data-app="ready"]');
  const tag = `${w}x${h}${dpr===2?'-zoom200':''}-${dark?'dark':'light'}`;
  // A next page that fails: the button stays to try again.
  let fails = 0;
  await p.route(u => u.pathname === '/api/markets' && u.search === '?page=2', r => { fails++; return r.fulfill({ status: 503, body: '' }); });
  await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await p.getByRole('button', { name: 'Afficher plus de prédictions' }).waitFor();
  await p.waitForTimeout(800);
  await p.screenshot({ path: `/tmp/shots/failed-next-${tag}.png` });
  await p.unroute(u => u.pathname === '/api/markets' && u.search === '?page=2');
  const btn = p.getByRole('button', { name: 'Afficher plus de prédictions' });
  await btn.focus(); await p.keyboard.press('Enter');
  await p.waitForTimeout(1500);
  const focus = await p.evaluate(() => { const e = document.activeElement; return e ? e.tagName + ' ' + (e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0,50)) : 'none'; });
  const cards = await p.locator('[data-home-screen] article').count();
  // Offline at the end of the pages held.
  await ctx.setOffline(true);
  await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await p.waitForTimeout(1200);
  await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await p.waitForTimeout(800);
  await p.screenshot({ path: `/tmp/shots/offline-end-${tag}.png` });
  const offBtn = await p.getByRole('button', { name: /Afficher plus|Chargement/ }).count();
  console.log(tag, 'fails', fails, 'focus after Enter:', focus, 'cards drawn', cards, 'offline button', offBtn);
  await ctx.close();
}
await b.close();
