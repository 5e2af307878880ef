// Builds dist/web/sw.js after `vite build`: the worker of src/web/service-worker/sw.ts bundled by esbuild,
// with the list of the shell's files (and their content hashes) written into it. Run by `npm run build`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { contentRevision } from '../src/server/page/content-revision.js';
import { precacheEntries } from '../src/web/service-worker/precache-manifest.js';

const root = process.argv[2] ?? 'dist/web';

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const entries = precacheEntries(
  [...files(root)].map((path) => ({ path: relative(root, path), content: readFileSync(path) })),
  contentRevision,
);

await build({
  entryPoints: ['src/web/service-worker/sw.ts'],
  outfile: join(root, 'sw.js'),
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  // Workbox logs every step unless the production build is asked for.
  define: { 'process.env.NODE_ENV': '"production"', 'self.__PRECACHE_MANIFEST': JSON.stringify(entries) },
  logLevel: 'warning',
});
console.log(`service worker: ${entries.length} files precached`);
