/** Percentile of sorted numbers (nearest rank). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function sortedCopy(values: Iterable<number>): Float64Array {
  return Float64Array.from(values).sort();
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function ratio(value: number, reference: number, digits = 2): number {
  return reference === 0 ? Number.NaN : round(value / reference, digits);
}
