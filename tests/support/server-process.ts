import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

/**
 * A real server process (the server bundled from this tree, or `node --import tsx src/server/main.ts`), resolved once
 * /api/health answers.
 * Its users are the crash, restart, backup and multi-instance suites, load-style: they fire hundreds of votes and
 * kill the process under them, so the vote protection and the rate limits are off unless `env` turns them on
 * (visitor flows run against startTestServer, protection on).
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  // A guard against a server that never starts, not a timing check: seconds on a quiet machine, several times that
  // while the whole suite shares two cores.
  startTimeoutMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  // Under Vitest, the bundle its global setup built from this tree (tests/support/global-setup.ts); else the sources.
  const bundle = process.env.PREDI974_TEST_SERVER_BUNDLE;
  const child = spawn(process.execPath, bundle ? [bundle] : ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      RATE_LIMIT: 'off',
      VOTE_PROTECTION: 'off',
      LOG_LEVEL: 'warn',
      SEED: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited during start:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return { url, port, child, exited, output: () => output, kill: (signal) => child.kill(signal) };
}

/**
 * The `node` arguments that run a command-line tool of src/server/cli (`name`, e.g. 'admin') with `args`: from the
 * bundle Vitest's global setup built, else from the sources through tsx.
 */
export function cliArguments(name: string, args: readonly string[] = []): string[] {
  const bundle = process.env.PREDI974_TEST_SERVER_BUNDLE;
  return bundle ? [resolve(bundle, `../cli/${name}.js`), ...args] : ['--import', 'tsx', `src/server/cli/${name}.ts`, ...args];
}
