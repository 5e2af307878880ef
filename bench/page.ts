import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
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
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --disable-background-networking --disable-component-update --disable-sync';

interface Asset {
  path: string;
  kind: 'script' | 'modulepreload' | 'stylesheet';
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

/** The entry script, its modulepreloads and stylesheets: what the browser must fetch before the first screen. */
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
      '--only-categories=performance',
      '--form-factor=mobile',
      '--throttling-method=simulate',
      '--max-wait-for-load=30000',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--quiet',
    ],
    { timeoutMs: 90_000, env: { CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  );
  if (code !== 0 || !existsSync(outFile)) throw new Error(`lighthouse exited with ${code}: ${output.slice(-800)}`);
  interface Audit {
    numericValue?: number;
    details?: { items?: { resourceType?: string; transferSize?: number }[]; overallSavingsBytes?: number };
  }
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as {
    categories: { performance: { score: number | null } };
    audits: Record<string, Audit | undefined>;
    runWarnings?: string[];
    environment?: { benchmarkIndex?: number };
  };
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  return {
    score: Math.round((report.categories.performance.score ?? Number.NaN) * 100),
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
  let appLighthouse: LighthouseFigures | null = null;
  let referenceLighthouse: LighthouseFigures | null = null;
  const server = await startAppServer(join(options.dir, 'server-page.db'));
  try {
    appLighthouse = await lighthouse(`${server.base}/`, join(options.dir, 'lighthouse-app.json'));
  } catch (error) {
    notes.push(`Lighthouse on the app failed: ${String(error).slice(0, 300)}`);
  } finally {
    await server.stop();
  }
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
  for (const figures of [appLighthouse, referenceLighthouse]) {
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
    ['app: index.html', kb(app.html.raw), kb(app.html.gzip), Number.NaN, ''],
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
        lighthouseRow('Prédi974 home, served by the server (demo data)', appLighthouse),
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

  return {
    id: 'page',
    title: '4. Page weight and Lighthouse',
    ranAt: new Date().toISOString(),
    machine: options.machine,
    method:
      '`npm run build`, then the JS and CSS `dist/web/index.html` asks for before anything shows (entry module, its ' +
      'modulepreloads, stylesheets), compressed here with gzip -9. Reference: a one-heading React 19 page built in the ' +
      'same run with the same Vite and `@vitejs/plugin-react` (TOOLCHAIN.md quotes 68.8 KB for it). Lighthouse runs the ' +
      'home page as served by the real server (fresh demo database), and the reference page behind the same ' +
      `\`@fastify/compress\` settings, with \`--chrome-flags="${CHROME_FLAGS}"\`.`,
    tables,
    reading: appLighthouse
      ? `The first screen needs ${kb(app.gzip)} KB of gzipped JS + CSS, ${ratio(app.gzip, referenceGzip)}× a bare React page; ` +
        `Lighthouse mobile scores it ${appLighthouse.score} (reference ${referenceLighthouse?.score ?? '—'}), LCP ${ms(appLighthouse.lcp)} ms on slow 4G.`
      : `The first screen needs ${kb(app.gzip)} KB of gzipped JS + CSS, ${ratio(app.gzip, referenceGzip)}× a bare React page; Lighthouse did not complete.`,
    notes,
  };
}
