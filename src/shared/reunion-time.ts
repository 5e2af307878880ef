import { REUNION_UTC_OFFSET_MS } from './reunion-day.js';

/**
 * Operators type dates and times as La Réunion reads them (the admin screen's `<input type="datetime-local">`,
 * the command line's `--issued-at 2026-11-27T14:30`): the zone of their own machine never matters.
 */

/** An instant as the value of a datetime-local field in La Réunion: "2026-11-27T14:30". */
export function reunionDateTimeOf(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + REUNION_UTC_OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * A datetime-local value read in La Réunion (UTC+4), as the API takes it: "2026-11-27T14:30" →
 * "2026-11-27T14:30:00+04:00". Anything else is sent as typed, for the server to refuse in French.
 */
export function fromReunionDateTime(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return `${value}:00+04:00`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value)) return `${value}+04:00`;
  return value;
}

/** "14", "-3" → a number; anything else stays the text typed, so the server names the problem. */
export function wholeNumberOrText(value: string): number | string {
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}
