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

describe('MarketCatalog patched vote by vote, against a full read of the same file', () => {
  let directory = '';
  let database: Database;
  let now = NOW;
  const clock = () => now;
  /** The list as a catalogue that reads every row now would give it. */
  const fullRead = async () => (await new MarketCatalog(database.db, clock).get()).body;
  const addVotes = async (id: string, votes: number) => {
    await database.db
      .updateTable('markets')
      .set((eb) => ({ yes_votes: eb('yes_votes', '+', votes), total_votes: eb('total_votes', '+', votes) }))
      .where('id', '=', id)
      .execute();
  };
  const write = (id: string, endDate = '2026-12-31T00:00:00.000Z') =>
    insertMarket(
      database.db,
      { id, title: `Question ${id}`, description: 'Une question du catalogue', category: 'economie', endDate, trending: false },
      NOW.toISOString(),
    );

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'predi974-catalog-blocks-'));
    database = openDatabase(`sqlite:${join(directory, 'catalog.db')}`);
    await migrateToLatest(database);
    // 600 predictions: more than the blocks the order is kept in hold, so votes move entries from one to another.
    for (let index = 0; index < 600; index++) await write(`bloc-${String(index).padStart(3, '0')}`);
  });
  afterAll(async () => {
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('moves each voted prediction to its place, removes a deleted one, adds a created one', async () => {
    now = NOW;
    const catalog = new MarketCatalog(database.db, clock);
    const before = await catalog.get();
    expect(
      before
        .firstPage()
        .page.items.slice(0, 3)
        .map((market) => market.id),
    ).toEqual(['bloc-000', 'bloc-001', 'bloc-002']);

    await addVotes('bloc-599', 3);
    await addVotes('bloc-300', 2);
    await addVotes('bloc-001', 1);
    await addVotes('bloc-450', 1);
    await database.db.deleteFrom('markets').where('id', '=', 'bloc-200').execute();
    await write('bloc-600');
    for (const id of ['bloc-599', 'bloc-300', 'bloc-001', 'bloc-450', 'bloc-200', 'bloc-600']) catalog.invalidate(id);
    const after = await catalog.get();

    const first = after.firstPage().page;
    expect(first.total).toBe(600);
    expect(first.items.slice(0, 6).map((market) => market.id)).toEqual([
      'bloc-599',
      'bloc-300',
      'bloc-001',
      'bloc-450',
      'bloc-000',
      'bloc-002',
    ]);
    expect(after.find('bloc-200')).toBeUndefined();
    expect(after.markets.at(-1)?.id).toBe('bloc-600');
    const last = after.page({ page: 13, search: '', category: 'all', voteFilter: 'all' }).page;
    expect(last.items).toHaveLength(24);
    expect(last.items.slice(-4).map((market) => market.id)).toEqual(['bloc-596', 'bloc-597', 'bloc-598', 'bloc-600']);
    expect(after.body).toBe(await fullRead());
    // The snapshot handed out before the votes is unchanged.
    expect(
      before
        .firstPage()
        .page.items.slice(0, 3)
        .map((market) => market.id),
    ).toEqual(['bloc-000', 'bloc-001', 'bloc-002']);
    expect(before.markets).toHaveLength(600);
    expect(before.find('bloc-200')?.totalVotes).toBe(0);
  });

  it('finds one prediction as each snapshot holds it: the latest from the index, an older one its own', async () => {
    now = NOW;
    const catalog = new MarketCatalog(database.db, clock);
    const before = await catalog.get();
    expect(before.find('bloc-010')?.totalVotes).toBe(0);
    await addVotes('bloc-010', 4);
    await addVotes('bloc-020', 1);
    catalog.invalidate('bloc-010');
    const middle = await catalog.get();
    catalog.invalidate('bloc-020');
    const after = await catalog.get();
    // The latest snapshot.
    expect(after.find('bloc-010')?.totalVotes).toBe(4);
    expect(after.find('bloc-020')?.totalVotes).toBe(1);
    expect(after.find('bloc-inconnu')).toBeUndefined();
    // Older ones, asked after the index moved on: each answers what it held.
    expect(middle.find('bloc-010')?.totalVotes).toBe(4);
    expect(middle.find('bloc-020')?.totalVotes).toBe(0);
    expect(before.find('bloc-010')?.totalVotes).toBe(0);
    expect(before.find('bloc-599')?.title).toBe('Question bloc-599');
  });

  it('after hundreds of votes read in batches, every page and the whole list are those of a full read', async () => {
    now = NOW;
    const catalog = new MarketCatalog(database.db, clock);
    await catalog.get();
    for (let batch = 0; batch < 20; batch++) {
      for (let vote = 0; vote < 25; vote++) {
        const index = ((batch * 25 + vote) * 7919) % 600;
        const id = index === 200 ? 'bloc-600' : `bloc-${String(index).padStart(3, '0')}`;
        await addVotes(id, 1 + (index % 3));
        catalog.invalidate(id);
      }
      await catalog.get();
    }
    const patched = await catalog.get();
    expect(patched.body).toBe(await fullRead());
    for (let page = 1; page <= 13; page++) {
      const query = { page, search: '', category: 'all', voteFilter: 'all' } as const;
      expect(patched.page(query).body).toBe((await new MarketCatalog(database.db, clock).get()).page(query).body);
    }
  });

  it('a prediction whose end passes goes below the open ones at the next rebuild, though nobody voted on it', async () => {
    now = NOW;
    const soon = new Date(NOW.getTime() + 60_000).toISOString();
    await write('fin-proche', soon);
    await addVotes('fin-proche', 1_000);
    const catalog = new MarketCatalog(database.db, clock);
    expect((await catalog.get()).firstPage().page.items[0]?.id).toBe('fin-proche');

    now = new Date(NOW.getTime() + 30_000);
    await addVotes('bloc-010', 1);
    catalog.invalidate('bloc-010');
    expect((await catalog.get()).firstPage().page.items[0]?.id).toBe('fin-proche');

    // Ended: after every open prediction, even those without a vote.
    now = new Date(NOW.getTime() + 61_000);
    await addVotes('bloc-011', 1);
    catalog.invalidate('bloc-011');
    const ended = await catalog.get();
    expect(ended.markets.at(-1)?.id).toBe('fin-proche');
    expect(ended.body).toBe(await fullRead());
  });
});
