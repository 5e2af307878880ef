import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
// @ts-expect-error: a plain ES module of the build, without types.
import { buildServer } from '../../scripts/build-server.mjs';

/** Where the suites' server bundle is written, inside the project so that it finds node_modules. */
const BUNDLE = 'node_modules/.cache/predi974-test-server';

/**
 * Once per `vitest run`: the server bundled from this tree, for the suites that start real server processes
 * (tests/support/server-process.ts). Started by tsx, each of those processes spent seconds compiling the sources
 * again; the suites start about fifty.
 */
export default async function setup(): Promise<void> {
  rmSync(resolve(BUNDLE), { recursive: true, force: true });
  await (buildServer as (outdir: string) => Promise<void>)(BUNDLE);
  process.env.PREDI974_TEST_SERVER_BUNDLE = resolve(BUNDLE, 'main.js');
}
