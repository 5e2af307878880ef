/**
 * `part` out of `total` as a percentage rounded to `decimals` places, halves up (`total` > 0).
 * Multiplying before dividing keeps an exact half exact: 23 of 40 is 2300 / 40 = 57.5, which rounds to 58,
 * whereas (23 / 40) × 100 is 57.49999… in binary and rounded down to 57.
 */
export function percentageOf(part: number, total: number, decimals: 0 | 1): number {
  const scale = decimals === 0 ? 1 : 10;
  return Math.round((part * 100 * scale) / total) / scale;
}
