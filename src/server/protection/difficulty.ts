/** One budget as counted now: requests in the sliding window, and how many are free. */
export interface BudgetUse {
  count: number;
  budget: number;
}

export interface DifficultySettings {
  normalMaxNumber: number;
  maxMaxNumber: number;
  /** Past its budget, difficulty doubles every `budget / steepness` requests. */
  steepness: number;
}

/**
 * The `maxnumber` of a challenge: the normal one while every budget holds; past a budget it doubles every
 * `budget / steepness` more requests, so the work grows exponentially with the excess (budgets exceeded
 * together multiply), up to the ceiling.
 */
export function maxNumberFor(uses: readonly BudgetUse[], settings: DifficultySettings): number {
  let doublings = 0;
  for (const use of uses) {
    const excess = use.count - use.budget;
    if (excess > 0) doublings += excess / (use.budget / settings.steepness);
  }
  const value = Math.round(settings.normalMaxNumber * 2 ** doublings);
  return Number.isFinite(value) ? Math.min(settings.maxMaxNumber, value) : settings.maxMaxNumber;
}

/** What a visitor's device does on average for a challenge: the secret number is uniform in [1, maxnumber]. */
export function expectedHashes(maxNumber: number): number {
  return Math.round(maxNumber / 2);
}

/** How many doublings above the normal price a proof paid (0 at the normal price or below), for the daily figures. */
export function paidDoublings(paidMaxNumber: number, normalMaxNumber: number): number {
  return Math.max(0, Math.round(Math.log2(paidMaxNumber / normalMaxNumber)));
}
