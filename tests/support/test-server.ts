import { createHash, randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../src/server/config.js';
import { createServer, type RunningServer } from '../../src/server/server.js';
import { createTestDatabase, type TestDatabase, type TestDialect } from './databases.js';

export interface TestServer {
  url: string;
  server: RunningServer;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A real server listening on a free loopback port over a fresh database (demo data loaded unless SEED=none),
 * with the production defaults: the vote protection is on, so votes go through tests/support/voting.ts as a
 * browser's do. A suite that turns it off through `env` says why beside it. Rate limits are off: every test
 * request comes from 127.0.0.1, and the suites of the limits themselves turn them on.
 */
export async function startTestServer(
  dialect: TestDialect,
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<TestServer> {
  const database = await createTestDatabase(dialect);
  const config: Config = loadConfig({
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
    ...env,
    DATABASE_URL: database.url,
  });
  const server = await createServer(config, { logger: false, webRoot: '/nonexistent', checkResponses: true, ...options });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    server,
    database,
    async close() {
      await server.stop();
      await database.drop();
    },
  };
}

/** A fresh device identity, as a browser would send it. */
export function newFingerprint(): string {
  return createHash('sha256').update(randomBytes(16)).digest('hex');
}

export async function getJson<T = unknown>(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

export function postJson<T = unknown>(url: string, body: unknown, headers: Record<string, string> = {}) {
  return getJson<T>(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
