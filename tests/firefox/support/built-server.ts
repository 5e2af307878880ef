import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../support/server-process.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const MAIN = join(ROOT, 'dist/server/main.js');
export const ADMIN_TOKEN = 'firefox-admin-token';

export interface BuiltServer {
  url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Removes its database folder; call after stop. */
  cleanup(): void;
}

/**
 * The production server built from this tree (`npm run build`), on a fresh SQLite file with the demo data and
 * the vote protection at its default (on): the same start as the Chromium suite's (playwright.config.ts), on a
 * port of its own.
 */
export async function startBuiltServer(): Promise<BuiltServer> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const folder = mkdtempSync(join(tmpdir(), 'predi974-firefox-'));
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(folder, 'firefox.db')}`,
      ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (gone) throw new Error(`the server exited while starting:\n${errors}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in 30 s:\n${errors}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
    cleanup: () => rmSync(folder, { recursive: true, force: true }),
  };
}
