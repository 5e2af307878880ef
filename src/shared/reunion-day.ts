/** La Réunion is UTC+4 all year round (no daylight saving time). */
export const REUNION_UTC_OFFSET_MS = 4 * 3_600_000;

/** The calendar day (YYYY-MM-DD) in La Réunion at this instant. */
export function reunionDay(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + REUNION_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const ms = Date.parse(`${day}T00:00:00Z`) - days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}
