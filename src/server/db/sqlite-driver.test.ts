import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import SQLite, { sqliteDriverPackage, sqliteDriverPackageFor } from './sqlite-driver.js';

describe('sqliteDriverPackageFor', () => {
  it('gives Node 20 (Node-API 9) the 12.x driver compiled on install', () => {
    expect(sqliteDriverPackageFor('9')).toBe('better-sqlite3-v12');
    expect(sqliteDriverPackageFor('8')).toBe('better-sqlite3-v12');
  });

  it('gives Node 22 and 24 (Node-API 10) and later the prebuilt 13.x driver', () => {
    expect(sqliteDriverPackageFor('10')).toBe('better-sqlite3');
    expect(sqliteDriverPackageFor('11')).toBe('better-sqlite3');
  });

  it('falls back to the 12.x driver when the Node-API version is unknown', () => {
    expect(sqliteDriverPackageFor(undefined)).toBe('better-sqlite3-v12');
    expect(sqliteDriverPackageFor('')).toBe('better-sqlite3-v12');
    expect(sqliteDriverPackageFor('x')).toBe('better-sqlite3-v12');
  });
});

describe('the driver loaded on this Node', () => {
  const dir = mkdtempSync(join(tmpdir(), 'predi974-driver-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the binary of the package chosen for this Node-API version, with its own SQLite', () => {
    const db = new SQLite(join(dir, 'driver.db'));
    const sqliteVersion = db.prepare('select sqlite_version() as v').pluck().get();
    db.close();
    // The native file this process mapped in proves which build answers, not only which name was asked for.
    const maps = readFileSync('/proc/self/maps', 'utf8');
    if (sqliteDriverPackage === 'better-sqlite3') {
      expect(Number(process.versions.napi)).toBeGreaterThanOrEqual(10);
      expect(maps).toContain('/node_modules/better-sqlite3/prebuilds/linux-x64.node');
      expect(sqliteVersion).toBe('3.54.1');
    } else {
      expect(process.versions.napi).toBe('9');
      expect(maps).toContain('/node_modules/better-sqlite3-v12/build/Release/better_sqlite3.node');
      expect(sqliteVersion).toBe('3.53.2');
    }
  });

  it('keeps the durability settings: WAL and synchronous=FULL stick on a file database', () => {
    const db = new SQLite(join(dir, 'durable.db'));
    expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
    db.pragma('synchronous = FULL');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
    const reopened = new SQLite(join(dir, 'durable.db'));
    expect(reopened.pragma('journal_mode', { simple: true })).toBe('wal');
    reopened.close();
  });
});
