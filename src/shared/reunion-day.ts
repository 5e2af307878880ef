/** La Réunion is UTC+4 all year round (no daylight saving time). */
export const REUNION_UTC_OFFSET_MS = 4 * 3_600_000;

const DAY_MS = 86_400_000;
/** The last day computed and the instants it spans: a vote asks several times, always the same day. */
let last = { from: 0, to: 0, day: '' };

/** The calendar day (YYYY-MM-DD) in La Réunion at this instant. */
export function reunionDay(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (ms >= last.from && ms < last.to) return last.day;
  const local = ms + REUNION_UTC_OFFSET_MS;
  const from = Math.floor(local / DAY_MS) * DAY_MS - REUNION_UTC_OFFSET_MS;
  const day = new Date(local).toISOString().slice(0, 10);
  // An invalid instant (NaN) throws above, as before; the range below then always holds a real day.
  last = { from, to: from + DAY_MS, day };
  return day;
}

/** The day `days` before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const ms = Date.parse(`${day}T00:00:00Z`) - days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}
