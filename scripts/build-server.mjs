// The server bundle: src/server's entry points (the server, the command-line tools, the two worker threads) bundled
// by esbuild for Node 20, the packages left to node_modules. `npm run build:server` writes it to dist/server; the
// unit and API suites build their own copy once per run (tests/support/global-setup.ts), so the server processes
// they start and kill load in a second instead of being compiled by tsx at every start.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** Bundles the server into `outdir` (a path from the project root). */
export async function buildServer(outdir) {
  await build({
    absWorkingDir: ROOT,
    entryPoints: [
      'src/server/main.ts',
      ...readdirSync(resolve(ROOT, 'src/server/cli'))
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => `src/server/cli/${file}`),
      'src/server/share/preview-worker.ts',
      'src/server/db/sqlite-writer-worker.ts',
    ],
    outbase: 'src/server',
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer(process.argv[2] ?? 'dist/server');
