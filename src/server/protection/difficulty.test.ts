import { describe, expect, it } from 'vitest';
import { expectedHashes, maxNumberFor } from './difficulty.js';

const settings = { normalMaxNumber: 10_000, maxMaxNumber: 1_000_000_000_000, steepness: 15 };

describe('maxNumberFor', () => {
  it('stays normal up to and at the budget', () => {
    expect(maxNumberFor([], settings)).toBe(10_000);
    expect(maxNumberFor([{ count: 120, budget: 120 }], settings)).toBe(10_000);
  });

  it('doubles every budget/steepness requests past the budget', () => {
    // 120 / 15 = 8 requests per doubling
    expect(maxNumberFor([{ count: 128, budget: 120 }], settings)).toBe(20_000);
    expect(maxNumberFor([{ count: 136, budget: 120 }], settings)).toBe(40_000);
    expect(maxNumberFor([{ count: 124, budget: 120 }], settings)).toBe(14_142);
  });

  it('multiplies budgets exceeded together, and never passes the ceiling', () => {
    expect(
      maxNumberFor(
        [
          { count: 128, budget: 120 },
          { count: 11, budget: 10 },
        ],
        settings,
      ),
    ).toBe(56_569);
    expect(maxNumberFor([{ count: 100_000, budget: 120 }], settings)).toBe(1_000_000_000_000);
  });

  it('expects half of maxnumber hashes', () => {
    expect(expectedHashes(10_000)).toBe(5_000);
  });
});
