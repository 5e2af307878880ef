/** Age of a dated item, as the news page shows it: minutes under 60, hours under 24 h, otherwise days. */
export type RelativeAgeUnit = 'min' | 'h' | 'j';

export interface RelativeAge {
  value: number;
  unit: RelativeAgeUnit;
}

const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1_440;

/** Whole minutes, hours or days elapsed between `publishedAt` and `now` (floored; a future date counts as 0 min). */
export function relativeAge(publishedAt: Date | string, now: Date): RelativeAge {
  const published = typeof publishedAt === 'string' ? Date.parse(publishedAt) : publishedAt.getTime();
  const minutes = Math.max(0, Math.floor((now.getTime() - published) / MINUTE_MS));
  if (minutes < MINUTES_PER_HOUR) return { value: minutes, unit: 'min' };
  if (minutes < MINUTES_PER_DAY) return { value: Math.floor(minutes / MINUTES_PER_HOUR), unit: 'h' };
  return { value: Math.floor(minutes / MINUTES_PER_DAY), unit: 'j' };
}

/** "il y a 25 min", "il y a 3 h", "il y a 2 j". */
export function formatRelativeAge(publishedAt: Date | string, now: Date): string {
  const { value, unit } = relativeAge(publishedAt, now);
  return `il y a ${value} ${unit}`;
}
