import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { CHROMIUM_ARGS } from '../tests/support/chromium.js';
import { startAppServer, track } from './lib/processes.js';
import type { Cell, Section } from './lib/report.js';
import { ratio, round } from './lib/stats.js';

export interface PageOptions {
  dir: string;
  machine: string;
  log: (line: string) => void;
}

const WEB_DIST = 'dist/web';
/** The figure quoted in TOOLCHAIN.md for a minimal React 19 page built with Vite 8. */
const QUOTED_MINIMAL_REACT_GZIP = 68.8 * 1000;
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS].join(' ');

interface Asset {
  path: string;
  kind: 'script' | 'modulepreload' | 'stylesheet' | 'app, after the first paint' | 'imported by the app';
  raw: number;
  gzip: number;
  brotli: number;
}

interface FirstScreen {
  html: { raw: number; gzip: number };
  assets: Asset[];
  gzip: number;
  raw: number;
  brotli: number;
}

interface LighthouseFigures {
  score: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Main-thread time by kind (Lighthouse's groups), largest first. */
  mainThread: { group: string; ms: number }[];
  /** Script evaluation + parse/compile per script, largest first. */
  scripts: { url: string; ms: number }[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  totalBytes: number;
  requests: number;
  scriptCssBytes: number;
  unusedJsBytes: number;
  /** Main-thread work and JS execution Lighthouse observed (before its CPU slowdown model). */
  mainThreadMs: number;
  bootupMs: number;
  /** Lighthouse's measure of this machine's CPU speed (a quiet desktop is ~1,000 or more). */
  benchmarkIndex: number;
  warnings: string[];
}

function run(
  command: string,
  args: string[],
  options: { timeoutMs: number; env?: Record<string, string> },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise) => {
    // Own process group, so a stuck Lighthouse takes its Chromium down with it.
    const child = track(
      spawn(command, args, { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true }),
    );
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-6000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, options.timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output });
    });
  });
}

/** The files a built chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`), by path from dist. */
function staticImportsOf(distDir: string, path: string): string[] {
  const code = readFileSync(join(distDir, path.replace(/^\//, '')), 'utf8');
  const dir = path.slice(0, path.lastIndexOf('/') + 1);
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.\/[^"'`]+\.js)["'`]/g)].map((m) => dir + (m[1] ?? '').slice(2));
}

/**
 * The entry script, its modulepreloads and stylesheets: what the browser must fetch before the first screen; and
 * the app's code the entry requests once the page is painted (`app-*.js`, docs/decisions/041) with the files it
 * imports, since the first screen does not answer a touch before they have run.
 */
export function firstScreenOf(distDir: string): FirstScreen {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const found: { path: string; kind: Asset['kind'] }[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
    if (tag.startsWith('<script') && attribute('type') === 'module' && attribute('src')) {
      found.push({ path: attribute('src') ?? '', kind: 'script' });
    } else if (tag.startsWith('<link') && attribute('rel') === 'modulepreload' && attribute('href')) {
      found.push({ path: attribute('href') ?? '', kind: 'modulepreload' });
    } else if (tag.startsWith('<link') && attribute('rel') === 'stylesheet' && attribute('href')) {
      found.push({ path: attribute('href') ?? '', kind: 'stylesheet' });
    }
  }
  const entry = found.find((item) => item.kind === 'script');
  if (entry) {
    const entryCode = readFileSync(join(distDir, entry.path.replace(/^\//, '')), 'utf8');
    const appChunk = /import\(["'`]\.\/(app-[^"'`]+\.js)["'`]\)/.exec(entryCode)?.[1];
    if (appChunk) {
      const dir = entry.path.slice(0, entry.path.lastIndexOf('/') + 1);
      const queue = [dir + appChunk];
      found.push({ path: dir + appChunk, kind: 'app, after the first paint' });
      while (queue.length > 0) {
        for (const imported of staticImportsOf(distDir, queue.shift() ?? '')) {
          if (found.some((item) => item.path === imported)) continue;
          found.push({ path: imported, kind: 'imported by the app' });
          queue.push(imported);
        }
      }
    }
  }
  const assets = found.map(({ path, kind }) => {
    const bytes = readFileSync(join(distDir, path.replace(/^\//, '')));
    return {
      path,
      kind,
      raw: bytes.byteLength,
      gzip: gzipSync(bytes, { level: 9 }).byteLength,
      brotli: brotliCompressSync(bytes).byteLength,
    };
  });
  const htmlBytes = Buffer.from(html);
  return {
    html: { raw: htmlBytes.byteLength, gzip: gzipSync(htmlBytes, { level: 9 }).byteLength },
    assets,
    gzip: assets.reduce((sum, asset) => sum + asset.gzip, 0),
    raw: assets.reduce((sum, asset) => sum + asset.raw, 0),
    brotli: assets.reduce((sum, asset) => sum + asset.brotli, 0),
  };
}

/** Builds the smallest React 19 page with the project's own Vite and React plugin, in a scratch folder. */
async function buildMinimalReact(): Promise<string> {
  // Inside the project so `react` resolves from its node_modules; `.tmp/` is ignored by git.
  mkdirSync('.tmp', { recursive: true });
  const root = mkdtempSync(resolve('.tmp/bench-minimal-react-'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="fr"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
      '<title>React</title></head><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>\n',
  );
  writeFileSync(
    join(root, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Bonjour La Réunion</h1>);\n",
  );
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: join(root, 'dist'), emptyOutDir: true, target: 'es2022' },
  });
  return root;
}

async function lighthouse(url: string, outFile: string): Promise<LighthouseFigures> {
  const { code, output } = await run(
    process.execPath,
    [
      'node_modules/lighthouse/cli/index.js',
      url,
      '--output=json',
      `--output-path=${outFile}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--form-factor=mobile',
      '--throttling-method=simulate',
      '--max-wait-for-load=30000',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--quiet',
    ],
    { timeoutMs: 120_000, env: { CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  );
  if (code !== 0 || !existsSync(outFile)) throw new Error(`lighthouse exited with ${code}: ${output.slice(-800)}`);
  interface Audit {
    numericValue?: number;
    details?: {
      items?: {
        resourceType?: string;
        transferSize?: number;
        group?: string;
        groupLabel?: string;
        duration?: number;
        url?: string;
        scripting?: number;
        scriptParseCompile?: number;
      }[];
      overallSavingsBytes?: number;
    };
  }
  type Category = { score: number | null } | undefined;
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as {
    categories: { performance: { score: number | null }; accessibility?: Category; 'best-practices'?: Category; seo?: Category };
    audits: Record<string, Audit | undefined>;
    runWarnings?: string[];
    environment?: { benchmarkIndex?: number };
  };
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const categoryScore = (category: Category) => Math.round((category?.score ?? Number.NaN) * 100);
  return {
    score: Math.round((report.categories.performance.score ?? Number.NaN) * 100),
    accessibility: categoryScore(report.categories.accessibility),
    bestPractices: categoryScore(report.categories['best-practices']),
    seo: categoryScore(report.categories.seo),
    mainThread: (report.audits['mainthread-work-breakdown']?.details?.items ?? [])
      .map((item) => ({ group: item.groupLabel ?? item.group ?? '?', ms: item.duration ?? 0 }))
      .sort((a, b) => b.ms - a.ms),
    scripts: (report.audits['bootup-time']?.details?.items ?? [])
      .map((item) => ({ url: item.url ?? '?', ms: (item.scripting ?? 0) + (item.scriptParseCompile ?? 0) }))
      .sort((a, b) => b.ms - a.ms),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndex: value('speed-index'),
    totalBytes: value('total-byte-weight'),
    requests: requests.length,
    scriptCssBytes: requests
      .filter((item) => item.resourceType === 'Script' || item.resourceType === 'Stylesheet')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    unusedJsBytes: report.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0,
    mainThreadMs: value('mainthread-work-breakdown'),
    bootupMs: value('bootup-time'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
    warnings: report.runWarnings ?? [],
  };
}

/** Serves a built folder like the app serves its own: static files behind the same compression settings. */
async function serveStatic(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  await app.register(compress, { threshold: 1024 });
  await app.register(fastifyStatic, { root });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/`, close: () => app.close() };
}

const kb = (bytes: number) => round(bytes / 1000, 1);
const ms = (value: number) => round(value);

export async function benchPage(options: PageOptions): Promise<Section> {
  const notes: string[] = [];
  options.log('page: npm run build');
  const built = await run('npm', ['run', 'build'], { timeoutMs: 120_000 });
  let buildState = 'built in this run';
  if (built.code !== 0) {
    if (!existsSync(join(WEB_DIST, 'index.html'))) {
      throw new Error(`npm run build failed and no ${WEB_DIST} exists: ${built.output.slice(-500)}`);
    }
    buildState = `NOT rebuilt (npm run build failed); measured the existing ${WEB_DIST} of ${statSync(join(WEB_DIST, 'index.html')).mtime.toISOString()}`;
    notes.push(`npm run build failed in this run: ${built.output.trim().split('\n').slice(-3).join(' / ')}`);
  }
  const app = firstScreenOf(WEB_DIST);

  options.log('page: minimal React 19 reference');
  let reference: FirstScreen | null = null;
  let referenceRoot: string | null = null;
  try {
    referenceRoot = await buildMinimalReact();
    reference = firstScreenOf(join(referenceRoot, 'dist'));
  } catch (error) {
    notes.push(`The minimal React page could not be built here (${String(error).slice(0, 200)}); the quoted 68.8 KB is used.`);
  }
  const referenceGzip = reference?.gzip ?? QUOTED_MINIMAL_REACT_GZIP;

  options.log('page: Lighthouse on the served app');
  let referenceLighthouse: LighthouseFigures | null = null;
  let served: { raw: number; gzip: number; brotli: number };
  const runs: { label: string; path: string; file: string; figures: LighthouseFigures | null }[] = [
    { label: 'Prédi974 home `/`, served by the server (demo data)', path: '/', file: 'lighthouse-app.json', figures: null },
    { label: 'Prédi974 `/#municipales`', path: '/#municipales', file: 'lighthouse-municipales.json', figures: null },
  ];
  const server = await startAppServer(join(options.dir, 'server-page.db'));
  try {
    // The page as the server sends it: the built page with the home screen rendered into it.
    const page = Buffer.from(
      await (await fetch(`${server.base}/`, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer(),
    );
    served = { raw: page.byteLength, gzip: gzipSync(page, { level: 9 }).byteLength, brotli: brotliCompressSync(page).byteLength };
    // The first card's prediction: the one a shared link most likely names.
    const markets = (await (await fetch(`${server.base}/api/markets`)).json()) as { id: string }[];
    const detailPath = `/#prediction-${markets[0]?.id ?? ''}`;
    runs.push({ label: `Prédi974 \`${detailPath}\``, path: detailPath, file: 'lighthouse-prediction.json', figures: null });
    for (const run of runs) {
      options.log(`page: Lighthouse on ${run.path}`);
      try {
        run.figures = await lighthouse(`${server.base}${run.path}`, join(options.dir, run.file));
      } catch (error) {
        notes.push(`Lighthouse on ${run.path} failed: ${String(error).slice(0, 300)}`);
      }
    }
  } finally {
    await server.stop();
  }
  const appLighthouse = runs[0]?.figures ?? null;
  if (referenceRoot && reference) {
    options.log('page: Lighthouse on the minimal React page');
    const served = await serveStatic(join(referenceRoot, 'dist'));
    try {
      referenceLighthouse = await lighthouse(served.url, join(options.dir, 'lighthouse-reference.json'));
    } catch (error) {
      notes.push(`Lighthouse on the minimal React page failed: ${String(error).slice(0, 300)}`);
    } finally {
      await served.close();
    }
  }
  if (referenceRoot) rmSync(referenceRoot, { recursive: true, force: true });
  for (const figures of [...runs.map((run) => run.figures), referenceLighthouse]) {
    for (const warning of figures?.warnings ?? []) notes.push(`Lighthouse warning: ${warning}`);
  }

  const weightRows: Cell[][] = [
    ...app.assets.map((asset) => [`app: ${asset.path} (${asset.kind})`, kb(asset.raw), kb(asset.gzip), kb(asset.brotli), '']),
    ['**app, first screen JS + CSS**', kb(app.raw), kb(app.gzip), kb(app.brotli), ratio(app.gzip, referenceGzip)],
    [
      reference
        ? 'minimal React 19 page, built in this run (reference)'
        : 'minimal React 19 page, quoted in TOOLCHAIN.md (reference)',
      reference ? kb(reference.raw) : Number.NaN,
      kb(referenceGzip),
      reference ? kb(reference.brotli) : Number.NaN,
      1,
    ],
    ['app: index.html as built (the template)', kb(app.html.raw), kb(app.html.gzip), Number.NaN, ''],
    [
      'app: `/` as the server sends it (home screen rendered, list as JSON)',
      kb(served.raw),
      kb(served.gzip),
      kb(served.brotli),
      '',
    ],
  ];
  const lighthouseRow = (label: string, figures: LighthouseFigures | null): Cell[] =>
    figures
      ? [
          label,
          figures.score,
          ms(figures.fcp),
          ms(figures.lcp),
          ms(figures.tbt),
          round(figures.cls, 3),
          ms(figures.speedIndex),
          kb(figures.totalBytes),
          kb(figures.scriptCssBytes),
          kb(figures.unusedJsBytes),
          figures.requests,
          ms(figures.mainThreadMs),
          ms(figures.bootupMs),
          Math.round(figures.benchmarkIndex),
        ]
      : [label, 'not measured', '', '', '', '', '', '', '', '', '', '', '', ''];
  const tables: Section['tables'] = [
    {
      caption: `First-screen weight, KB (1 KB = 1,000 bytes; gzip -9 and brotli of each file) — web app ${buildState}`,
      headers: ['file', 'raw', 'gzip', 'brotli', 'gzip ratio vs reference'],
      rows: weightRows,
    },
    {
      caption:
        'Lighthouse 12.8.2, mobile emulation, simulated slow 4G (times in ms, bytes in KB as transferred; main-thread and JS ' +
        'times as Lighthouse reports them: observed on this machine × its 4× mobile CPU slowdown)',
      headers: [
        'page',
        'performance',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'Speed Index',
        'total bytes',
        'JS + CSS bytes',
        'unused JS (estimate)',
        'requests',
        'main-thread work',
        'JS execution',
        'CPU benchmark index',
      ],
      rows: [
        ...runs.map((run) => lighthouseRow(run.label, run.figures)),
        lighthouseRow('minimal React 19 page (reference), same compression', referenceLighthouse),
      ],
    },
  ];
  if (appLighthouse && referenceLighthouse) {
    tables[1]?.rows.push([
      'ratio app / reference',
      ratio(appLighthouse.score, referenceLighthouse.score),
      ratio(appLighthouse.fcp, referenceLighthouse.fcp),
      ratio(appLighthouse.lcp, referenceLighthouse.lcp),
      referenceLighthouse.tbt > 0 ? ratio(appLighthouse.tbt, referenceLighthouse.tbt) : '—',
      '—',
      ratio(appLighthouse.speedIndex, referenceLighthouse.speedIndex),
      ratio(appLighthouse.totalBytes, referenceLighthouse.totalBytes),
      ratio(appLighthouse.scriptCssBytes, referenceLighthouse.scriptCssBytes),
      '—',
      '—',
      ratio(appLighthouse.mainThreadMs, referenceLighthouse.mainThreadMs),
      ratio(appLighthouse.bootupMs, referenceLighthouse.bootupMs),
      '—',
    ]);
  }

  const jsGzip = app.assets.filter((asset) => asset.kind !== 'stylesheet').reduce((sum, asset) => sum + asset.gzip, 0);
  const cssGzip = app.assets.filter((asset) => asset.kind === 'stylesheet').reduce((sum, asset) => sum + asset.gzip, 0);
  const [home, municipal, detail] = runs.map((run) => run.figures);
  const mark = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? 'met' : '**missed**');
  const check = (figures: LighthouseFigures | null | undefined, ok: (f: LighthouseFigures) => boolean) =>
    figures ? ok(figures) : null;
  const show = (figures: LighthouseFigures | null | undefined, value: (f: LighthouseFigures) => number | string) =>
    figures ? value(figures) : '—';
  const targetRows: Cell[][] = [
    ['first-screen JS, gzip KB', '≤ 85', kb(jsGzip), '', '', mark(jsGzip <= 85_000)],
    ['first-screen CSS, gzip KB', '≤ 12', kb(cssGzip), '', '', mark(cssGzip <= 12_000)],
  ];
  const lighthouseTargets: [string, string, (f: LighthouseFigures) => number, (f: LighthouseFigures, page: number) => boolean][] =
    [
      ['performance', '100 home, ≥ 98 others', (f) => f.score, (f, page) => f.score >= (page === 0 ? 100 : 98)],
      ['LCP, ms', '≤ 1,500', (f) => ms(f.lcp), (f) => f.lcp <= 1_500],
      ['TBT, ms', '≤ 50', (f) => ms(f.tbt), (f) => f.tbt <= 50],
      ['CLS', '≤ 0.01', (f) => round(f.cls, 3), (f) => f.cls <= 0.01],
      ['accessibility', '100', (f) => f.accessibility, (f) => f.accessibility === 100],
      ['best practices', '100', (f) => f.bestPractices, (f) => f.bestPractices === 100],
      ['SEO', '100', (f) => f.seo, (f) => f.seo === 100],
    ];
  for (const [label, target, value, ok] of lighthouseTargets) {
    const results = [home, municipal, detail].map((figures, page) => check(figures, (f) => ok(f, page)));
    const allMeasured = results.every((result) => result !== null);
    targetRows.push([
      label,
      target,
      show(home, value),
      show(municipal, value),
      show(detail, value),
      allMeasured ? mark(results.every(Boolean)) : mark(null),
    ]);
  }
  tables.push({
    caption: 'Targets (issue 11, target 5; issue 24, item 13): home `/`, `/#municipales`, `/#prediction-<first card>`',
    headers: ['figure', 'target', 'home', '#municipales', '#prediction', 'verdict'],
    rows: targetRows,
  });
  const breakdown = (label: string, figures: LighthouseFigures | null | undefined) => {
    if (!figures) return;
    const groups = figures.mainThread
      .slice(0, 5)
      .map((item) => `${item.group} ${ms(item.ms)} ms`)
      .join(', ');
    const scripts = figures.scripts
      .slice(0, 4)
      .map((item) => `${item.url.replace(/^https?:\/\/[^/]+/, '')} ${ms(item.ms)} ms`)
      .join(', ');
    notes.push(`Main thread on ${label} (Lighthouse, ×4 CPU): ${groups}. Scripts: ${scripts}.`);
  };
  runs.forEach((run) => breakdown(run.path, run.figures));
  if (jsGzip > 85_000) {
    notes.push(
      `First-screen JS is ${kb(jsGzip - 85_000)} KB over its 85 KB target: React + ReactDOM alone are ${kb(referenceGzip)} KB ` +
        `(the reference page), so the whole app, TanStack Query included, would have to fit in ${kb(85_000 - referenceGzip)} KB; ` +
        `it takes ${kb(jsGzip - referenceGzip)} KB. What it would take: loading the vote path (mutation, identity, proof, ` +
        'protected requests), the live stream and the search/filter code at the first interaction instead of with the entry, ' +
        'or a smaller renderer (Preact with its React compatibility layer is about a sixth of ReactDOM).',
    );
  }
  if (cssGzip > 12_000) {
    notes.push(
      `First-screen CSS is ${kb(cssGzip - 12_000)} KB over its 12 KB target: src/web/first-screen.css is built from ` +
        'the sources it lists (the shell and the home list); a class added there, or a source added to its list, adds ' +
        'to it. What it would take: fewer sources in that list (a screen left out waits for styles.css, loaded with it).',
    );
  }
  const missed = targetRows.filter((row) => row[5] === '**missed**').map((row) => String(row[0]));

  return {
    id: 'page',
    title: '4. Page weight and Lighthouse',
    ranAt: new Date().toISOString(),
    machine: options.machine,
    method:
      '`npm run build`, then the JS and CSS `dist/web/index.html` asks for before anything shows (entry module, its ' +
      "modulepreloads, stylesheets) and the app the entry requests once the server's page is painted (`app-*.js` and " +
      'the files it imports, docs/decisions/041), compressed here with gzip -9; the page itself as the server sends it (the home ' +
      'screen rendered by the server into it, docs/decisions/026). Reference: a one-heading React 19 page built in the ' +
      'same run with the same Vite and `@vitejs/plugin-react` (TOOLCHAIN.md quotes 68.8 KB for it). Lighthouse (performance, ' +
      'accessibility, best practices, SEO; a fresh profile, so a first visit) runs the home page, `/#municipales` and the ' +
      "first card's `/#prediction-<id>` as served by the real server (fresh demo database), and the reference page behind " +
      `the same \`@fastify/compress\` settings, with \`--chrome-flags="${CHROME_FLAGS}"\`.`,
    tables,
    reading: appLighthouse
      ? `The first screen needs ${kb(jsGzip)} KB of gzipped JS and ${kb(cssGzip)} KB of CSS (${kb(app.gzip)} KB, ` +
        `${ratio(app.gzip, referenceGzip)}× a bare React page), and is painted from the server's HTML before any of it runs; ` +
        `Lighthouse mobile scores home ${appLighthouse.score} (reference ${referenceLighthouse?.score ?? '—'}), ` +
        `#municipales ${municipal?.score ?? '—'}, #prediction ${detail?.score ?? '—'}; home LCP ${ms(appLighthouse.lcp)} ms, ` +
        `TBT ${ms(appLighthouse.tbt)} ms on slow 4G. ` +
        (missed.length === 0 ? 'Every target is met.' : `Missed: ${missed.join(', ')} (causes in the notes and below).`)
      : `The first screen needs ${kb(app.gzip)} KB of gzipped JS + CSS, ${ratio(app.gzip, referenceGzip)}× a bare React page; Lighthouse did not complete.`,
    notes,
  };
}
