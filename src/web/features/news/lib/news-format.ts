import { firstOfTheMonth, formatCount, formatPercent, madeOnUse } from '../../../../shared/format.js';
import { formatRelativeAge } from '../../../../shared/relative-age.js';
import type { NewsCategory } from '../../../../shared/news.js';
import * as newsCopy from '../../../copy/news.js';

export const NEWS_CATEGORY_LABELS: Record<NewsCategory, string> = newsCopy.newsFormatCategories;

const longDateFormat = madeOnUse(
  () => new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
);

/** 48250 → "48 250". */
export function formatViews(views: number): string {
  return formatCount(views);
}

/** 156 → "+156 %", -8 → "−8 %" (typographic minus). */
export function formatViewsChange(change: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${formatPercent(Math.abs(change))}`;
}

/** "samedi 21 novembre 2026" in the visitor's time zone. */
export function formatLongDate(date: Date): string {
  return firstOfTheMonth(longDateFormat().format(date));
}

// Made at its first use, as the others (docs/decisions/048): made when the module loads, it cost the first screen
// about 8 ms of a phone's main thread though no alert time is drawn there.
const alertTimeFormat = madeOnUse(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Indian/Reunion',
    }),
);

/** "samedi 14 février à 17:00", island time: alerts are issued and lifted in local time. */
export function formatAlertTime(iso: string): string {
  return firstOfTheMonth(alertTimeFormat().format(new Date(iso)));
}

/**
 * Points of a small sparkline: eight values in 0..1 that rise when views go up and fall
 * otherwise, with a little deterministic wobble from the item's id so lines differ.
 */
export function sparklineValues(change: number, seed: string, count = 8): number[] {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const rising = change > 0;
  const values: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const progress = index / (count - 1);
    hash = (hash * 1_103_515_245 + 12_345) >>> 0;
    const wobble = ((hash % 1000) / 1000 - 0.5) * 0.3;
    const base = rising ? 0.15 + progress * 0.7 : 0.85 - progress * 0.7;
    const value = index === 0 || index === count - 1 ? base : base + wobble;
    values.push(Math.min(1, Math.max(0, value)));
  }
  return values;
}

/** An SVG polyline `points` attribute for values in 0..1 drawn in a width × height box. */
export function sparklinePoints(values: readonly number[], width: number, height: number, padding = 2): string {
  if (values.length === 0) return '';
  const step = values.length > 1 ? (width - padding * 2) / (values.length - 1) : 0;
  return values
    .map((value, index) => {
      const x = padding + index * step;
      const y = padding + (1 - value) * (height - padding * 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * The alerts could not be read just now (no network, a failed request, or the worker's copy): never an
 * all-clear. "Alertes indisponibles : dernière lecture il y a 2 h."
 */
export function alertsUnavailableText(lastReadAt: number | null, now: Date): string {
  return lastReadAt === null
    ? newsCopy.newsFormatAlertesIndisponiblesAucuneLecture
    : newsCopy.newsFormatAlertesIndisponiblesDerniereLecture(formatRelativeAge(new Date(lastReadAt), now));
}
