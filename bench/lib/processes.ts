import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Every child started by the benchmarks, so an interrupted run leaves nothing behind. */
const children = new Set<ChildProcess>();

export function killAllChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A free loopback port (taken, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface NodeProcess {
  child: ChildProcess;
  pid: number;
  /** Last lines written to stderr/stdout, for error messages. */
  output(): string;
  /** Resident memory in bytes (Linux /proc). */
  rss(): number;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  env?: Record<string, string>;
  args?: string[];
  /** Raises the open-files limit of the child (soft limit, within the hard one). */
  nofile?: number;
  ipc?: boolean;
  /** Options for node itself, before the script (`--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

/** Runs a TypeScript entry point under tsx, in its own process, with a raised file limit when asked. */
export function spawnTs(script: string, options: SpawnOptions = {}): NodeProcess {
  const nofile = options.nofile ?? 0;
  const shell = `${nofile > 0 ? `ulimit -n ${nofile} 2>/dev/null || ulimit -n $(ulimit -Hn); ` : ''}exec "$0" "$@"`;
  const child = track(
    spawn(
      'bash',
      ['-c', shell, process.execPath, ...(options.nodeArgs ?? []), '--import', 'tsx', script, ...(options.args ?? [])],
      {
        env: { ...process.env, ...options.env },
        stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const pid = child.pid ?? 0;
  return {
    child,
    pid,
    output: () => output,
    rss: () => rssOf(pid),
    stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}

const CLOCK_TICKS = 100;

/** CPU time (user + system) a process has used so far, in seconds (Linux /proc; USER_HZ is 100). */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Polls `url` until it answers 200, the process dies, or the time is up. */
export async function waitUntilUp(url: string, proc: NodeProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`process exited before answering ${url}:\n${proc.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${proc.output()}`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface AppServer extends NodeProcess {
  port: number;
  base: string;
}

/** The real server (`src/server/main.ts`) on a fresh SQLite file, rate limits off, logs silent. */
export async function startAppServer(
  databaseFile: string,
  options: { nofile?: number; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<AppServer> {
  const port = await freePort();
  const proc = spawnTs('src/server/main.ts', {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${databaseFile}`,
      RATE_LIMIT: 'off',
      VOTE_PROTECTION: 'off',
      LOG_LEVEL: 'silent',
      SEED: 'demo',
      NODE_ENV: 'production',
      ...options.env,
    },
    ...(options.nofile ? { nofile: options.nofile } : {}),
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
  });
  return answering(proc, port);
}

/** Any benchmark script serving HTTP on `PORT` (a reference or a ceiling), once `/api/health` answers 200. */
export async function startScriptServer(script: string, env: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const proc = spawnTs(script, { env: { PORT: String(port), NODE_ENV: 'production', ...env } });
  return answering(proc, port);
}

/** The server once its health route answers; stopped if it never does. */
async function answering(proc: NodeProcess, port: number): Promise<AppServer> {
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${base}/api/health`, proc);
  } catch (error) {
    await proc.stop(1_000);
    throw error;
  }
  return { ...proc, port, base };
}

export type ReferenceSync = 'FULL' | 'NORMAL';

/** The naive reference server of `bench/reference-server.ts` on its own SQLite file. */
export async function startReferenceServer(databaseFile: string, sync: ReferenceSync): Promise<AppServer> {
  const port = await freePort();
  const proc = spawnTs('bench/reference-server.ts', {
    env: { PORT: String(port), REFERENCE_DB: databaseFile, REFERENCE_SYNC: sync, NODE_ENV: 'production' },
  });
  return answering(proc, port);
}
