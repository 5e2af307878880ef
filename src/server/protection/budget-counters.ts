import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import {
  hitCounters,
  purgeExpiredCounters,
  readCounters,
  releaseCounters,
  type CounterHit,
  type CounterState,
} from './protection-repository.js';

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Counters of the budgets. Each counts in fixed windows, and is read as a sliding estimate: this window's
 * count plus the share of the previous window's count that still lies within one window of now, so crossing
 * a window boundary does not hand out a fresh budget.
 */
export interface BudgetCounters {
  /** Adds one to each counter and returns the estimates, in the order of `hits`. */
  hit(hits: readonly CounterHit[], nowMs: number): Promise<number[]>;
  /** The estimates as they stand, without adding anything, in the order of `counters`. */
  peek(counters: readonly CounterHit[], nowMs: number): Promise<number[]>;
  /**
   * Takes back one from each counter hit in the same window (a vote counted before it was refused). A window
   * that has passed meanwhile keeps its count: one too many, in an estimate that is fading anyway.
   */
  release(hits: readonly CounterHit[], nowMs: number): Promise<void>;
}

function estimate(state: CounterState, windowMs: number, nowMs: number): number {
  const elapsed = Math.min(1, Math.max(0, (nowMs - state.windowStart) / windowMs));
  return state.count + state.previous * (1 - elapsed);
}

/** The estimate now of a stored state that may belong to an older window (read without adding one). */
function estimateStored(state: CounterState | undefined, windowMs: number, nowMs: number): number {
  if (!state) return 0;
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  if (state.windowStart === windowStart) return estimate(state, windowMs, nowMs);
  if (state.windowStart + windowMs === windowStart) {
    return estimate({ key: state.key, windowStart, count: 0, previous: state.count }, windowMs, nowMs);
  }
  return 0;
}

/** In this process: a single instance (SQLite). */
export class MemoryBudgetCounters implements BudgetCounters {
  private readonly states = new Map<string, CounterState & { windowMs: number }>();
  private lastSweep = 0;

  hit(hits: readonly CounterHit[], nowMs: number): Promise<number[]> {
    this.sweep(nowMs);
    return Promise.resolve(
      hits.map((hit) => {
        const windowStart = Math.floor(nowMs / hit.windowMs) * hit.windowMs;
        let state = this.states.get(hit.key);
        // Counted in place: a state is this map's own, never handed out.
        if (state && state.windowStart === windowStart) state.count += 1;
        else {
          const previous = state && state.windowStart + hit.windowMs === windowStart ? state.count : 0;
          state = { key: hit.key, windowStart, windowMs: hit.windowMs, count: 1, previous };
          this.states.set(hit.key, state);
        }
        return estimate(state, hit.windowMs, nowMs);
      }),
    );
  }

  peek(counters: readonly CounterHit[], nowMs: number): Promise<number[]> {
    return Promise.resolve(counters.map((counter) => estimateStored(this.states.get(counter.key), counter.windowMs, nowMs)));
  }

  release(hits: readonly CounterHit[], nowMs: number): Promise<void> {
    for (const hit of hits) {
      const state = this.states.get(hit.key);
      if (state && state.windowStart === Math.floor(nowMs / hit.windowMs) * hit.windowMs && state.count > 0) {
        state.count -= 1;
      }
    }
    return Promise.resolve();
  }

  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = nowMs;
    for (const [key, state] of this.states) {
      if (state.windowStart + 2 * state.windowMs < nowMs) this.states.delete(key);
    }
  }
}

/** In the database: every instance over one PostgreSQL database shares the budgets. */
export class DatabaseBudgetCounters implements BudgetCounters {
  private lastSweep = 0;

  constructor(private readonly db: Kysely<DB>) {}

  async hit(hits: readonly CounterHit[], nowMs: number): Promise<number[]> {
    if (nowMs - this.lastSweep > SWEEP_INTERVAL_MS) {
      this.lastSweep = nowMs;
      purgeExpiredCounters(this.db, nowMs).catch(() => {
        // swept again next minute
      });
    }
    const states = new Map((await hitCounters(this.db, hits, nowMs)).map((state) => [state.key, state]));
    return hits.map((hit) => {
      const state = states.get(hit.key);
      return state ? estimate(state, hit.windowMs, nowMs) : 1;
    });
  }

  async peek(counters: readonly CounterHit[], nowMs: number): Promise<number[]> {
    const states = new Map(
      (
        await readCounters(
          this.db,
          counters.map((counter) => counter.key),
        )
      ).map((state) => [state.key, state]),
    );
    return counters.map((counter) => estimateStored(states.get(counter.key), counter.windowMs, nowMs));
  }

  async release(hits: readonly CounterHit[], nowMs: number): Promise<void> {
    await releaseCounters(this.db, hits, nowMs);
  }
}
