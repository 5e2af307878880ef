import type { Kysely } from 'kysely';
import { compareMarketsForList, type Market } from '../../shared/market.js';
import type { DB } from '../db/schema.js';
import { compressedBody } from '../http/compressed-body.js';
import { findMarketsByIds, listMarkets } from './market-repository.js';

export interface CatalogSnapshot {
  markets: Market[];
  body: string;
  etag: string;
  /** The body compressed on first demand and kept, so phones (which always accept compression) cost no work per request. */
  gzip(): Buffer;
  brotli(): Buffer;
}

function snapshotOf(markets: Market[]): CatalogSnapshot {
  const body = JSON.stringify(markets);
  return { markets, body, ...compressedBody(body) };
}

/** Open/ended order depends on the clock, so even an unchanged list is rebuilt now and then. */
const MAX_AGE_MS = 60_000;

/**
 * The market list, serialised once and served to every request until a change invalidates it:
 * the hot read path does no query and no JSON work.
 */
export class MarketCatalog {
  private snapshot: CatalogSnapshot | null = null;
  private builtAt = 0;
  private building: { generation: number; promise: Promise<CatalogSnapshot> } | null = null;
  private generation = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => Date,
    /** Told of each rebuild and how long it took (ms): reads, sorting and serialising. */
    private readonly onRebuilt: (ms: number) => void = () => {},
  ) {}

  invalidate(): void {
    this.generation++;
    this.snapshot = null;
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
    const now = this.clock();
    const started = performance.now();
    const snapshot = snapshotOf((await listMarkets(this.db)).sort(compareMarketsForList(now)));
    this.onRebuilt(performance.now() - started);
    if (generation === this.generation) {
      this.snapshot = snapshot;
      this.builtAt = now.getTime();
    }
    return snapshot;
  }
}
