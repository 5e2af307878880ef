import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { MarketCatalog } from './market-catalog.js';
import { insertMarket, updateMarket } from './market-repository.js';

const NOW = new Date('2026-11-22T08:00:00.000Z');

describe('MarketCatalog on a real SQLite file', () => {
  let directory = '';
  let database: Database;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'predi974-catalog-'));
    database = openDatabase(`sqlite:${join(directory, 'catalog.db')}`);
    await migrateToLatest(database);
    await insertMarket(
      database.db,
      {
        id: 'catalogue',
        title: 'Avant',
        description: 'Prédiction du catalogue',
        category: 'social',
        endDate: '2026-12-31T00:00:00.000Z',
        trending: false,
      },
      NOW.toISOString(),
    );
  });
  afterAll(async () => {
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('serves one snapshot until a change, and never hands out a rebuild begun before that change', async () => {
    const catalog = new MarketCatalog(database.db, () => NOW);
    const first = await catalog.get();
    expect(await catalog.get()).toBe(first);

    // A change lands while a rebuild is under way: the next request must not join that rebuild.
    catalog.invalidate();
    const before = catalog.get();
    catalog.invalidate();
    const after = catalog.get();
    expect(await after).not.toBe(await before);

    await updateMarket(database.db, 'catalogue', { title: 'Après' }, NOW.toISOString());
    catalog.invalidate();
    expect((await catalog.get()).markets[0]?.title).toBe('Après');
    // The fresh rebuild is the one kept.
    const kept = await catalog.get();
    expect(await catalog.get()).toBe(kept);
  });

  it('a change naming a prediction re-reads that row alone; a change without a name reads them all', async () => {
    await insertMarket(
      database.db,
      {
        id: 'voisine',
        title: 'Voisine avant',
        description: 'Une autre prédiction',
        category: 'sante',
        endDate: '2026-12-31T00:00:00.000Z',
        trending: false,
      },
      NOW.toISOString(),
    );
    const catalog = new MarketCatalog(database.db, () => NOW);
    await catalog.get();
    // Both rows change in the database, only one change is announced.
    await updateMarket(database.db, 'catalogue', { title: 'Annoncée' }, NOW.toISOString());
    await updateMarket(database.db, 'voisine', { title: 'Voisine après' }, NOW.toISOString());
    catalog.invalidate('catalogue');
    const patched = await catalog.get();
    expect(patched.find('catalogue')?.title).toBe('Annoncée');
    expect(patched.find('voisine')?.title).toBe('Voisine avant');
    catalog.invalidate();
    expect((await catalog.get()).find('voisine')?.title).toBe('Voisine après');
  });

  it('compresses on first demand, once per snapshot', async () => {
    const snapshot = await new MarketCatalog(database.db, () => NOW).get();
    const gzip = snapshot.gzip();
    expect(snapshot.gzip()).toBe(gzip);
    expect(gunzipSync(gzip).toString('utf8')).toBe(snapshot.body);
    expect(snapshot.brotli()).toBe(snapshot.brotli());
  });
});
