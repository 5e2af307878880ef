import type { Work } from '../db/transaction-batcher.js';
import type { VoteProtection } from '../protection/vote-protection.js';
import { insertSignals, type ItemKind, type SignalWrite } from './burst-repository.js';

const FLUSH_INTERVAL_MS = 1_000;
/** Signals kept in memory while the database refuses them; past this the oldest are dropped (never a vote). */
const MAX_PENDING = 100_000;

/**
 * What the burst detection learns from each accepted vote, recorded after its answer is decided: a push onto
 * an array on the vote's path, written every second in one transaction. A failed write keeps the signals for
 * the next one; a signal may be lost, a vote never waits for one nor fails because of one.
 */
export class VoteSignals {
  private pending: SignalWrite[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      runInTransaction: <T>(work: Work<T>) => Promise<T>;
      protection: Pick<VoteProtection, 'enabled' | 'originOf' | 'identityIssuedAt'>;
      clock: () => Date;
    },
  ) {}

  /** An accepted vote: `side` is `yes`/`no` on a prediction, the candidate id on a commune; `address` is `request.ip`. */
  record(itemKind: ItemKind, itemId: string, fingerprint: string, side: string, address: string): void {
    // Protection off (load tests): identities are not server-issued, their age means nothing, nothing is kept.
    if (!this.deps.protection.enabled) return;
    try {
      if (this.pending.length >= MAX_PENDING) this.pending.shift();
      this.pending.push({
        itemKind,
        itemId,
        fingerprint,
        side,
        origin: this.deps.protection.originOf(address),
        issuedAtMs: this.deps.protection.identityIssuedAt(fingerprint),
        atMs: this.deps.clock().getTime(),
      });
    } catch {
      // a signal lost, never the vote
    }
  }

  start(onError: (error: unknown) => void): void {
    this.timer = setInterval(() => {
      this.flush().catch(onError);
    }, FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Writes what was recorded so far; concurrent calls share one write. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.deps
      .runInTransaction((trx) => insertSignals(trx, batch))
      .catch((error: unknown) => {
        this.pending = [...batch, ...this.pending].slice(-MAX_PENDING);
        throw error;
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
