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

describe('MemoryBudgetCounters.hit and release', () => {
  it('count up and back in the current window, and carry the last window into the next', async () => {
    const counters = new MemoryBudgetCounters();
    const other = { key: 'vt:o', windowMs: HOUR_MS };
    expect(await counters.hit([counter, other], 10 * HOUR_MS)).toEqual([1, 1]);
    expect(await counters.hit([counter], 10 * HOUR_MS + 1)).toEqual([2]);
    expect(await counters.hit([counter], 10 * HOUR_MS + 2)).toEqual([3]);
    await counters.release([counter], 10 * HOUR_MS + 3);
    expect(await counters.peek([counter, other], 10 * HOUR_MS + 4)).toEqual([2, 1]);
    // A quarter into the next window: one new, and three quarters of the 2 before.
    expect(await counters.hit([counter], 11.25 * HOUR_MS)).toEqual([2.5]);
    // Taking back a count of the window before changes nothing: it has passed, its count stays.
    await counters.release([counter], 10 * HOUR_MS + 5);
    expect(await counters.peek([counter], 11.5 * HOUR_MS)).toEqual([2]);
    await counters.release([counter], 11.5 * HOUR_MS);
    expect(await counters.peek([counter], 11.5 * HOUR_MS)).toEqual([1]);
  });
});
