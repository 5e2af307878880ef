import type { Kysely } from 'kysely';
import type { Market } from '../../shared/market.js';
import { MARKET_PAGE_SIZE, pageCountOf, type MarketListQuery, type MarketPage } from '../../shared/market-list.js';
import { matchesCategory, matchesSearch, matchesVoteFilter, normalizeForSearch, searchableText } from '../../shared/search.js';
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
  /** The change count when its row was read: an older read finishing late never replaces a newer one. */
  readAt: number;
}

function entryOf(market: Market, readAt: number): CatalogEntry {
  return { market, json: JSON.stringify(market), searchable: searchableText(market), endMs: Date.parse(market.endDate), readAt };
}

/** The list order (compareMarketsForList) on the entries' precomputed fields. */
function compareEntries(nowMs: number) {
  const open = (entry: CatalogEntry) => !entry.market.resolved && entry.endMs > nowMs;
  return (a: CatalogEntry, b: CatalogEntry): number => {
    if (a.market.trending !== b.market.trending) return a.market.trending ? -1 : 1;
    const aOpen = open(a);
    if (aOpen !== open(b)) return aOpen ? -1 : 1;
    if (a.market.totalVotes !== b.market.totalVotes) return b.market.totalVotes - a.market.totalVotes;
    return a.market.id < b.market.id ? -1 : a.market.id > b.market.id ? 1 : 0;
  };
}

/** A page answer: its bytes, ETag and compressed forms, and the page itself (what the home page renders). */
export interface PageAnswer extends CompressedBody {
  body: string;
  page: MarketPage;
}

function pageAnswerOf(entries: readonly CatalogEntry[], total: number, page: number): PageAnswer {
  const pageCount = pageCountOf(total);
  const items = entries.slice((page - 1) * MARKET_PAGE_SIZE, page * MARKET_PAGE_SIZE);
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
  readonly markets: Market[];
  private fullBody: (CompressedBody & { body: string }) | null = null;
  private byId: Map<string, Market> | null = null;
  private readonly pages = new Map<string, PageAnswer>();

  constructor(private readonly entries: readonly CatalogEntry[]) {
    this.markets = entries.map((entry) => entry.market);
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

  find(id: string): Market | undefined {
    this.byId ??= new Map(this.markets.map((market) => [market.id, market]));
    return this.byId.get(id);
  }

  /**
   * One page of the predictions matching the query, in the list's order. `voted` is the device's voted ids when
   * the query has a vote filter (such a page is personal: never kept). Throws PageOutOfRange past the last page.
   */
  page(query: MarketListQuery, voted?: ReadonlySet<string>): PageAnswer {
    const personal = query.voteFilter !== 'all';
    const needle = normalizeForSearch(query.search);
    const key = `${query.page}\u0000${query.category}\u0000${needle}`;
    const cached = personal ? undefined : this.pages.get(key);
    if (cached) return cached;
    const plain = needle === '' && query.category === 'all' && !personal;
    const matching = plain
      ? this.entries
      : this.entries.filter(
          (entry) =>
            matchesSearch(entry.searchable, needle) &&
            matchesCategory(entry.market, query.category) &&
            matchesVoteFilter(entry.market.id, query.voteFilter, voted ?? EMPTY),
        );
    const pageCount = pageCountOf(matching.length);
    if (query.page > pageCount) throw new PageOutOfRange(pageCount);
    const answer = pageAnswerOf(matching, matching.length, query.page);
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
 * its entry and re-sorts the (nearly sorted) order; only a resync or the first request reads every row. The hot
 * read path does no query and no JSON work.
 */
export class MarketCatalog {
  private snapshot: CatalogSnapshot | null = null;
  private builtAt = 0;
  private building: { generation: number; promise: Promise<CatalogSnapshot> } | null = null;
  private generation = 0;
  /** The entries in the last order built; null until the first full read (or after a resync). */
  private ordered: CatalogEntry[] | null = null;
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
    // From here on, synchronous: the rows are applied to the latest entries, even if another build landed meanwhile.
    const now = this.clock();
    const entries =
      full || this.ordered === null
        ? rows.map((market) => entryOf(market, generation))
        : this.patched(this.ordered, ids, rows, generation);
    // Nearly sorted after a few votes, so the sort (TimSort) is close to one pass.
    entries.sort(compareEntries(now.getTime()));
    // A resync during the read: this work may miss what it announced, so the next build reads everything.
    this.ordered = resyncs === this.resyncs ? entries : null;
    // The snapshot keeps its own copy: the next change patches a new array, never one a reader holds.
    const snapshot = new CatalogSnapshot(entries.slice());
    this.onRebuilt(performance.now() - started);
    if (generation === this.generation) {
      this.snapshot = snapshot;
      this.builtAt = now.getTime();
    }
    return snapshot;
  }

  /** A copy of the entries with the predictions of `ids` read again: replaced, removed (deleted) or added (created). */
  private patched(base: readonly CatalogEntry[], ids: readonly string[], rows: readonly Market[], generation: number) {
    const read = new Map(rows.map((market) => [market.id, market]));
    const changed = new Set(ids);
    const next: CatalogEntry[] = [];
    for (const entry of base) {
      const id = entry.market.id;
      const market = read.get(id);
      read.delete(id);
      if (!changed.has(id) || entry.readAt > generation)
        next.push(entry); // unchanged, or a later read already landed
      else if (market) next.push(entryOf(market, generation)); // absent from the read: deleted
    }
    for (const market of read.values()) next.push(entryOf(market, generation)); // created
    return next;
  }
}
