import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'].concat(process.env.EXTRA?process.env.EXTRA.split(' '):[]) });
const ctx = await browser.newContext();
const page = await ctx.newPage();
await page.goto('about:blank');
const s = await browser.newBrowserCDPSession();
const { targetInfos } = await s.send('Target.getTargets');
for (const t of targetInfos) console.log(t.type, t.url.slice(0,100));
await browser.close();
