import type { Kysely } from 'kysely';
import type { Market } from '../../shared/market.js';
import { MARKET_PAGE_SIZE, pageCountOf, type MarketListQuery, type MarketPage } from '../../shared/market-list.js';
import {
  matchesCategory,
  matchesSearch,
  matchesStatus,
  matchesVoteFilter,
  normalizeForSearch,
  searchableText,
} from '../../shared/search.js';
import type { DB } from '../db/schema.js';
import { compressedBody, type CompressedBody } from '../http/compressed-body.js';
import { findMarketsByIds, listMarkets } from './market-repository.js';

/**
 * One prediction as the list keeps it: its JSON made once per change of that prediction (a vote re-serialises its
 * own entry, never the 10,000 others), and what search and ordering read.
 */
interface CatalogEntry {
  market: Market;
  json: string;
  searchable: string;
  endMs: number;
  /**
   * The order's keys copied beside each other: the binary searches of a vote compare a few entries spread over
   * the heap, and reading them here, not through `market`, halves the memory they touch.
   */
  trending: boolean;
  resolved: boolean;
  votes: number;
  id: string;
  /** The change count when its row was read: an older read finishing late never replaces a newer one. */
  readAt: number;
}

function entryOf(market: Market, readAt: number): CatalogEntry {
  return {
    market,
    json: JSON.stringify(market),
    searchable: searchableText(market),
    endMs: Date.parse(market.endDate),
    trending: market.trending,
    resolved: market.resolved,
    votes: market.totalVotes,
    id: market.id,
    readAt,
  };
}

/** The list order (compareMarketsForList) on the entries' precomputed fields, open or ended as at `nowMs`. */
function compareEntries(nowMs: number) {
  return (a: CatalogEntry, b: CatalogEntry): number => {
    if (a.trending !== b.trending) return a.trending ? -1 : 1;
    const aOpen = !a.resolved && a.endMs > nowMs;
    if (aOpen !== (!b.resolved && b.endMs > nowMs)) return aOpen ? -1 : 1;
    if (a.votes !== b.votes) return b.votes - a.votes;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/**
 * The vote chain's order (voteQueue, src/shared/vote-queue.ts) on the entries' fields: trending first, then the
 * soonest end, then id. Votes do not move an entry in it.
 */
function compareEnding(a: CatalogEntry, b: CatalogEntry): number {
  if (a.trending !== b.trending) return a.trending ? -1 : 1;
  if (a.endMs !== b.endMs) return a.endMs - b.endMs;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The first index whose entry does not sort before `entry` (binary search: the entries are in `compare`'s order). */
function lowerBound(
  entries: readonly CatalogEntry[],
  entry: CatalogEntry,
  compare: (a: CatalogEntry, b: CatalogEntry) => number,
) {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(entries[middle] as CatalogEntry, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The order is kept in blocks of up to twice this many entries, never changed once made: a change copies the one
 * block it touches, and a snapshot shares every other block with the one before, so a vote costs the same with 40
 * or 10,000 predictions (a single array would be shifted or copied whole at every change).
 */
const BLOCK_SIZE = 128;

type Blocks = readonly (readonly CatalogEntry[])[];

function blocksOf(entries: readonly CatalogEntry[]): CatalogEntry[][] {
  const blocks: CatalogEntry[][] = [];
  for (let start = 0; start < entries.length; start += BLOCK_SIZE) blocks.push(entries.slice(start, start + BLOCK_SIZE));
  return blocks;
}

/** The first block whose last entry does not sort before `entry` (blocks.length when every one does). */
function blockFor(blocks: Blocks, entry: CatalogEntry, compare: (a: CatalogEntry, b: CatalogEntry) => number): number {
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const block = blocks[middle] as readonly CatalogEntry[];
    if (compare(block[block.length - 1] as CatalogEntry, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Each prediction's latest entry, and a count of the changes made to it. */
interface EntryIndex {
  readonly entries: Map<string, CatalogEntry>;
  version: number;
}

/** A page answer: its bytes, ETag and compressed forms, and the page itself (what the home page renders). */
export interface PageAnswer extends CompressedBody {
  body: string;
  page: MarketPage;
}

function pageAnswerOf(items: readonly CatalogEntry[], total: number, page: number): PageAnswer {
  const pageCount = pageCountOf(total);
  // Written from the entries' own JSON: JSON.stringify of the page object would give the same bytes.
  const body =
    `{"items":[${items.map((entry) => entry.json).join(',')}],"total":${total},"page":${page},` +
    `"pageCount":${pageCount},"pageSize":${MARKET_PAGE_SIZE}}`;
  return {
    body,
    page: { items: items.map((entry) => entry.market), total, page, pageCount, pageSize: MARKET_PAGE_SIZE },
    ...compressedBody(body),
  };
}

/** Shared page answers kept per version: the home's pages and the searches people repeat; personal ones are not. */
const PAGE_CACHE_SIZE = 200;

/** A page past the last one of its result (the result is known, so the answer can say where it ends). */
export class PageOutOfRange extends Error {
  constructor(readonly pageCount: number) {
    super(`page past the end (${pageCount})`);
  }
}

/**
 * One version of the list. The whole list's bytes (`body`, for clients that read it at once) are joined from the
 * entries on first demand; pages are cut and kept per version.
 */
export class CatalogSnapshot {
  private flat: readonly CatalogEntry[] | null = null;
  private readonly count: number;
  private marketList: Market[] | null = null;
  private fullBody: (CompressedBody & { body: string }) | null = null;
  private byId: Map<string, Market> | null = null;
  private byEnd: readonly CatalogEntry[] | null = null;
  private readonly pages = new Map<string, PageAnswer>();
  /** The index's version when this snapshot was made: while it holds, the index and the blocks agree. */
  private readonly indexVersion: number;

  /**
   * `blocks`: the order in blocks, never changed (the catalogue copies a block before changing it), sorted by
   * `compare`. `latest`: the catalogue's entry of each prediction, which may be newer than this snapshot's.
   */
  constructor(
    private readonly blocks: Blocks,
    private readonly compare: (a: CatalogEntry, b: CatalogEntry) => number,
    private readonly latest: EntryIndex,
  ) {
    this.indexVersion = latest.version;
    this.count = blocks.reduce((sum, block) => sum + block.length, 0);
  }

  /** Every entry in one array, joined on first demand: the plain pages (the home's) are cut from the blocks. */
  private get entries(): readonly CatalogEntry[] {
    this.flat ??= this.blocks.flat();
    return this.flat;
  }

  /** The entries in the vote chain's order, sorted on first demand (a chain page's order). */
  private get endingOrder(): readonly CatalogEntry[] {
    this.byEnd ??= this.entries.slice().sort(compareEnding);
    return this.byEnd;
  }

  /** Entries `from` to `to` (excluded) of the order, read from the blocks they lie in. */
  private range(from: number, to: number): CatalogEntry[] {
    const items: CatalogEntry[] = [];
    let start = 0;
    for (const block of this.blocks) {
      if (start >= to) break;
      const end = start + block.length;
      if (end > from) items.push(...block.slice(Math.max(0, from - start), to - start));
      start = end;
    }
    return items;
  }

  /** Made on first demand: a vote makes a new snapshot, and most are only read for their first page. */
  get markets(): Market[] {
    this.marketList ??= this.entries.map((entry) => entry.market);
    return this.marketList;
  }

  private full(): CompressedBody & { body: string } {
    if (!this.fullBody) {
      const body = `[${this.entries.map((entry) => entry.json).join(',')}]`;
      this.fullBody = { body, ...compressedBody(body) };
    }
    return this.fullBody;
  }

  get body(): string {
    return this.full().body;
  }
  get etag(): string {
    return this.full().etag;
  }
  gzip(): Buffer {
    return this.full().gzip();
  }
  brotli(): Buffer {
    return this.full().brotli();
  }

  /**
   * One prediction as this snapshot holds it. Its entry in the catalogue's index is looked for in the blocks by
   * binary search: the snapshot of every vote is asked for one prediction (its detail, history or share page), and a
   * map of the whole list per snapshot cost a pass over 10,000 entries each time. The latest snapshot reads the
   * index as it is (a made-up id costs no pass either); an older one checks the entry is its own, and builds its own
   * map only when it is not (a reader holding it while a vote landed).
   */
  find(id: string): Market | undefined {
    if (this.byId) return this.byId.get(id);
    const entry = this.latest.entries.get(id);
    if (this.latest.version === this.indexVersion) return entry?.market;
    if (entry) {
      const block = this.blocks[blockFor(this.blocks, entry, this.compare)];
      if (block && block[lowerBound(block, entry, this.compare)] === entry) return entry.market;
    }
    this.byId = new Map(this.markets.map((market) => [market.id, market]));
    return this.byId.get(id);
  }

  /**
   * One page of the predictions matching the query, in the list's order. `voted` is the device's voted ids when
   * the query has a vote filter (such a page is personal: never kept). Throws PageOutOfRange past the last page.
   */
  page(query: MarketListQuery, voted?: ReadonlySet<string>, now: Date = new Date()): PageAnswer {
    const personal = query.voteFilter !== 'all';
    const status = query.status ?? 'all';
    const order = query.order ?? 'list';
    const needle = normalizeForSearch(query.search);
    // An open page may keep, for the version's last seconds (60 at most), a prediction ended since: the browser leaves it out.
    const key = `${query.page}\u0000${query.category}\u0000${status}\u0000${order}\u0000${needle}`;
    const cached = personal ? undefined : this.pages.get(key);
    if (cached) return cached;
    const plain = needle === '' && query.category === 'all' && !personal && status === 'all' && order === 'list';
    const matching = plain
      ? null
      : (order === 'ending' ? this.endingOrder : this.entries).filter(
          (entry) =>
            matchesSearch(entry.searchable, needle) &&
            matchesCategory(entry.market, query.category) &&
            matchesStatus(entry.market, status, now) &&
            matchesVoteFilter(entry.market.id, query.voteFilter, voted ?? EMPTY),
        );
    const total = matching ? matching.length : this.count;
    const pageCount = pageCountOf(total);
    if (query.page > pageCount) throw new PageOutOfRange(pageCount);
    const [from, to] = [(query.page - 1) * MARKET_PAGE_SIZE, query.page * MARKET_PAGE_SIZE];
    const answer = pageAnswerOf(matching ? matching.slice(from, to) : this.range(from, to), total, query.page);
    if (!personal) {
      if (this.pages.size >= PAGE_CACHE_SIZE) this.pages.delete(this.pages.keys().next().value as string);
      this.pages.set(key, answer);
    }
    return answer;
  }

  /** The home's first page: no search, every category, every vote. */
  firstPage(): PageAnswer {
    return this.page(FIRST_PAGE);
  }
}

const EMPTY: ReadonlySet<string> = new Set();
const FIRST_PAGE: MarketListQuery = { page: 1, search: '', category: 'all', voteFilter: 'all' };

/** Open/ended order depends on the clock, so even an unchanged list is re-sorted now and then. */
const MAX_AGE_MS = 60_000;

/**
 * The market list, kept in memory entry by entry (docs/decisions/017-pre-serialised-market-list.md,
 * 043-catalogue-in-pages.md). A change names its prediction: the next request reads that row alone, re-serialises
 * its entry and moves it to its place in the order (binary searches, one block of entries copied), so a vote costs
 * the same with 40 or 10,000 predictions; only a resync, an end passing or the first request sorts every entry.
 * The hot read path does no query and no JSON work.
 */
export class MarketCatalog {
  private snapshot: CatalogSnapshot | null = null;
  private builtAt = 0;
  private building: { generation: number; promise: Promise<CatalogSnapshot> } | null = null;
  private generation = 0;
  /** The entries in the list order as it stood at `orderedAt`, in blocks; null until the first full read (or after a resync). */
  private ordered: CatalogEntry[][] | null = null;
  /** The entry of each prediction in `ordered`, to find it there (shared with the snapshots, which check its version). */
  private readonly index: EntryIndex = { entries: new Map(), version: 0 };
  private get entryById(): Map<string, CatalogEntry> {
    return this.index.entries;
  }
  private orderedAt = 0;
  /**
   * The first end, after `orderedAt`, of a prediction not resolved: until then the clock changes nothing in the
   * order (open ones before ended ones); from then on the entries are sorted again.
   */
  private orderHoldsUntil = Number.POSITIVE_INFINITY;
  private readonly dirty = new Set<string>();
  private resyncs = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => Date,
    /** Told of each rebuild and how long it took (ms): reads, sorting and serialising. */
    private readonly onRebuilt: (ms: number) => void = () => {},
  ) {}

  /** A prediction changed (created, voted on, edited, deleted), or, without an id, anything may have. */
  invalidate(id?: string): void {
    this.generation++;
    this.snapshot = null;
    if (id === undefined) {
      this.ordered = null;
      this.resyncs++;
    } else this.dirty.add(id);
  }

  /** The snapshot when it is current, without waiting (the hot read path); null when it must be rebuilt. */
  current(): CatalogSnapshot | null {
    return this.snapshot && this.clock().getTime() - this.builtAt < MAX_AGE_MS ? this.snapshot : null;
  }

  /** These markets as the database holds them now, not as the list last read them (the live stream's read). */
  findByIds(ids: readonly string[]): Promise<Market[]> {
    return findMarketsByIds(this.db, ids);
  }

  async get(): Promise<CatalogSnapshot> {
    const fresh = this.current();
    if (fresh) return fresh;
    // Requests share a rebuild, but never one that began before the latest change: it may have read the
    // list before that change, and whoever caused the change must see it.
    if (this.building?.generation !== this.generation) {
      const generation = this.generation;
      const promise = this.build(generation).finally(() => {
        if (this.building?.promise === promise) this.building = null;
      });
      this.building = { generation, promise };
    }
    return this.building.promise;
  }

  private async build(generation: number): Promise<CatalogSnapshot> {
    const started = performance.now();
    const resyncs = this.resyncs;
    const full = this.ordered === null;
    const ids = full ? [] : [...this.dirty];
    this.dirty.clear();
    let rows: Market[];
    try {
      rows = full ? await listMarkets(this.db) : await findMarketsByIds(this.db, ids);
    } catch (error) {
      for (const id of ids) this.dirty.add(id);
      throw error;
    }
    // A resync while these few rows were read: they are not the whole list, which is read again.
    if (!full && this.ordered === null) return this.build(generation);
    // From here on, synchronous: the rows are applied to the latest entries, even if another build landed meanwhile.
    const now = this.clock().getTime();
    this.index.version++;
    let ordered: CatalogEntry[][];
    if (full) {
      const entries = rows.map((market) => entryOf(market, generation));
      this.entryById.clear();
      for (const entry of entries) this.entryById.set(entry.market.id, entry);
      ordered = this.sorted(entries, now);
    } else {
      ordered = this.ordered as CatalogEntry[][];
      this.patch(ordered, ids, rows, generation);
      // An end passed since the last sort (or the clock went back): open and ended predictions change places.
      if (now >= this.orderHoldsUntil || now < this.orderedAt) ordered = this.sorted(ordered.flat(), now);
    }
    // A resync during the read: this work may miss what it announced, so the next build reads everything.
    this.ordered = resyncs === this.resyncs ? ordered : null;
    // The snapshot keeps its own list of the blocks, which are never changed: the next change copies the block it
    // touches into `ordered`, never into what a reader holds.
    const snapshot = new CatalogSnapshot(ordered.slice(), compareEntries(this.orderedAt), this.index);
    this.onRebuilt(performance.now() - started);
    if (generation === this.generation) {
      this.snapshot = snapshot;
      this.builtAt = now;
    }
    return snapshot;
  }

  private sorted(entries: CatalogEntry[], now: number): CatalogEntry[][] {
    // Nearly sorted when only the clock moved, so the sort (TimSort) is close to one pass.
    entries.sort(compareEntries(now));
    this.orderedAt = now;
    this.orderHoldsUntil = Number.POSITIVE_INFINITY;
    for (const entry of entries) this.noteEnd(entry);
    return blocksOf(entries);
  }

  private noteEnd(entry: CatalogEntry): void {
    if (!entry.resolved && entry.endMs > this.orderedAt && entry.endMs < this.orderHoldsUntil) this.orderHoldsUntil = entry.endMs;
  }

  /**
   * The predictions of `ids` read again: each leaves its place and its new entry goes where the order puts it
   * (removed if deleted, added if created). The blocks touched are copied, never changed.
   */
  private patch(blocks: CatalogEntry[][], ids: readonly string[], rows: readonly Market[], generation: number): void {
    const compare = compareEntries(this.orderedAt);
    const read = new Map(rows.map((market) => [market.id, market]));
    for (const id of ids) {
      const old = this.entryById.get(id);
      if (old && old.readAt > generation) continue; // a later read already landed
      if (old) {
        remove(blocks, old, compare);
        this.entryById.delete(id);
      }
      const market = read.get(id);
      if (!market) continue; // absent from the read: deleted
      const entry = entryOf(market, generation);
      insert(blocks, entry, compare);
      this.entryById.set(id, entry);
      this.noteEnd(entry);
    }
  }
}

function remove(blocks: CatalogEntry[][], entry: CatalogEntry, compare: (a: CatalogEntry, b: CatalogEntry) => number): void {
  let index = blockFor(blocks, entry, compare);
  let at = index < blocks.length ? lowerBound(blocks[index] as CatalogEntry[], entry, compare) : -1;
  // The order is total (ids last), so the searches land on the entry itself; the scan is a safety net only.
  if (blocks[index]?.[at] !== entry) {
    index = blocks.findIndex((block) => block.includes(entry));
    if (index < 0) return;
    at = (blocks[index] as CatalogEntry[]).indexOf(entry);
  }
  const copy = (blocks[index] as CatalogEntry[]).slice();
  copy.splice(at, 1);
  if (copy.length === 0) blocks.splice(index, 1);
  else blocks[index] = copy;
}

function insert(blocks: CatalogEntry[][], entry: CatalogEntry, compare: (a: CatalogEntry, b: CatalogEntry) => number): void {
  if (blocks.length === 0) {
    blocks.push([entry]);
    return;
  }
  // After every entry: at the end of the last block.
  const index = Math.min(blockFor(blocks, entry, compare), blocks.length - 1);
  const copy = (blocks[index] as CatalogEntry[]).slice();
  copy.splice(lowerBound(copy, entry, compare), 0, entry);
  if (copy.length > 2 * BLOCK_SIZE) blocks.splice(index, 1, copy.slice(0, BLOCK_SIZE), copy.slice(BLOCK_SIZE));
  else blocks[index] = copy;
}
