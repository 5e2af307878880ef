import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The one place that loads the SQLite driver (docs/decisions/010-node-lts-and-sqlite-driver.md).
 *
 * better-sqlite3 13 is a Node-API 10 addon shipped prebuilt in its package: one binary for Node 22, 24 and
 * later, no compiler needed. It crashes (segfault) on Node 20, whose Node-API is 9, so Node 20 keeps
 * better-sqlite3 12.11.1, installed under the alias `better-sqlite3-v12` and compiled from source on
 * install. 12.x itself cannot serve Node 24: it aborts in `Statement::~Statement()` as soon as the garbage
 * collector frees a statement. Both have the same API and the same compile-time SQLite options.
 */

/** The lowest Node-API version better-sqlite3 13 needs. */
export const NODE_API_FOR_CURRENT_DRIVER = 10;

export type SqliteDriverPackage = 'better-sqlite3' | 'better-sqlite3-v12';

/** Which package serves a Node whose `process.versions.napi` is `napiVersion`. */
export function sqliteDriverPackageFor(napiVersion: string | undefined): SqliteDriverPackage {
  const napi = Number.parseInt(napiVersion ?? '', 10);
  return Number.isInteger(napi) && napi >= NODE_API_FOR_CURRENT_DRIVER ? 'better-sqlite3' : 'better-sqlite3-v12';
}

export const sqliteDriverPackage: SqliteDriverPackage = sqliteDriverPackageFor(process.versions.napi);

function loadDriver(name: SqliteDriverPackage): typeof BetterSqlite3 {
  const require = createRequire(import.meta.url);
  try {
    return require(name) as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(
      `The SQLite driver ${name} (for Node ${process.version}, Node-API ${process.versions.napi}) cannot be loaded: ` +
        `run npm ci again with this Node.js version. ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** better-sqlite3's `Database` class, from the package that suits this Node. */
const SQLite: typeof BetterSqlite3 = loadDriver(sqliteDriverPackage);
export default SQLite;

/** An open SQLite connection (the same type for both driver versions). */
export type SqliteDatabase = BetterSqlite3.Database;
