import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { compareMarketsForList, type Market } from '../../shared/market.js';
import type { DB } from '../db/schema.js';
import { listMarkets } from './market-repository.js';

export interface CatalogSnapshot {
  markets: Market[];
  body: string;
  etag: string;
  /** The body compressed once per rebuild, so phones (which always accept compression) cost no work per request. */
  gzip: Buffer;
  brotli: Buffer;
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
  private building: Promise<CatalogSnapshot> | null = null;
  private generation = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => Date,
  ) {}

  invalidate(): void {
    this.generation++;
    this.snapshot = null;
  }

  async get(): Promise<CatalogSnapshot> {
    const now = this.clock();
    if (this.snapshot && now.getTime() - this.builtAt < MAX_AGE_MS) return this.snapshot;
    this.building ??= this.build().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async build(): Promise<CatalogSnapshot> {
    const generation = this.generation;
    const now = this.clock();
    const markets = (await listMarkets(this.db)).sort(compareMarketsForList(now));
    const body = JSON.stringify(markets);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const snapshot = {
      markets,
      body,
      etag,
      gzip: gzipSync(body, { level: 6 }),
      // Quality 5: most of brotli's gain at a small fraction of the maximum's cost, paid on every rebuild.
      brotli: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    };
    // A change that landed while this was being read must not be hidden by a stale snapshot.
    if (generation === this.generation) {
      this.snapshot = snapshot;
      this.builtAt = now.getTime();
    }
    return snapshot;
  }
}
