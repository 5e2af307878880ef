import { describe, expect, it } from 'vitest';
import { MemoryBudgetCounters } from './budget-counters.js';

const HOUR_MS = 3_600_000;
const counter = { key: 'vm:m:1', windowMs: HOUR_MS };

describe('MemoryBudgetCounters.peek', () => {
  it('reads the sliding estimate without adding to it', async () => {
    const counters = new MemoryBudgetCounters();
    expect(await counters.peek([counter], 10 * HOUR_MS)).toEqual([0]);
    for (let i = 0; i < 4; i++) await counters.hit([counter], 10 * HOUR_MS);
    expect(await counters.peek([counter], 10 * HOUR_MS + 1000)).toEqual([4]);
    expect(await counters.peek([counter], 10 * HOUR_MS + 2000)).toEqual([4]);
    // Half-way through the next window, half of the previous window's count still lies within an hour.
    expect(await counters.peek([counter], 11.5 * HOUR_MS)).toEqual([2]);
    // Two windows later, nothing is left.
    expect(await counters.peek([counter], 12.5 * HOUR_MS)).toEqual([0]);
    expect(await counters.hit([counter], 10 * HOUR_MS + 3000)).toEqual([5]);
  });
});
