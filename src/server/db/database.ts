import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SqliteDatabase } from './sqlite-driver.js';
import { openSqliteConnection } from './sqlite-connection.js';
import { SqliteWriter } from './sqlite-writer.js';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** The raw SQLite handle, for pragmas and checkpoints; null on PostgreSQL. */
  sqlite: SqliteDatabase | null;
  /** The PostgreSQL pool; null on SQLite. */
  pool: pg.Pool | null;
  /**
   * SQLite file only: the connection of the writer thread, where vote batches commit while the event loop goes
   * on (its thread starts on first use); null on PostgreSQL and for an in-memory database.
   */
  writer: SqliteWriter | null;
  url: string;
  close(): Promise<void>;
}

export function dialectOf(url: string): DialectName {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  if (url.startsWith('sqlite:') || !url.includes('://')) return 'sqlite';
  throw new Error(`Unsupported DATABASE_URL: ${url}`);
}

/** host:port/database or the SQLite path, never a password. */
export function describeDatabaseUrl(url: string): string {
  if (!url.includes('://')) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

export function sqlitePathOf(url: string): string {
  return url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
}

// PostgreSQL bigint counts (COUNT, SUM) come back as strings by default; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface OpenOptions {
  /** Pool size on PostgreSQL. */
  maxConnections?: number;
  /** PostgreSQL schema to use (tests isolate runs with one schema each). */
  schema?: string;
  /**
   * PostgreSQL `lock_timeout` and `statement_timeout` of every pooled connection, in ms (unset: none,
   * for migrations, copies and checks that may rightly take long). The server sets both, so a row lock
   * held elsewhere fails the requests that need it fast instead of keeping pooled connections waiting.
   */
  lockTimeoutMs?: number;
  statementTimeoutMs?: number;
}

/** The one place that knows which database is in use. */
export function openDatabase(url: string, options: OpenOptions = {}): Database {
  const dialect = dialectOf(url);
  if (dialect === 'sqlite') {
    const path = sqlitePathOf(url);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const sqlite = openSqliteConnection(path);
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
    // An in-memory database exists only on its own connection: nothing to share with a thread.
    const writer = path === ':memory:' || path === '' ? null : new SqliteWriter(path);
    return {
      db,
      dialect,
      sqlite,
      pool: null,
      writer,
      url,
      async close() {
        await writer?.close();
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    ...(options.lockTimeoutMs ? { lock_timeout: options.lockTimeoutMs } : {}),
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A checked-out client whose connection drops (server restart, pg_terminate_backend, network cut)
  // emits 'error' too, with no pool listener attached while it is out: without this the process
  // crashes. The query in progress fails on its own (answered 503) and the pool discards the client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect,
    sqlite: null,
    pool,
    writer: null,
    url,
    async close() {
      await db.destroy();
    },
  };
}
