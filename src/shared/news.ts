/**
 * News items and weather alerts of the "Actualités" page: data with real dates, edited by operators.
 * The alert vocabulary is Météo-France's and the préfecture's for La Réunion: the cyclone warning system
 * (pré-alerte jaune, alerte orange, alerte rouge, alerte violette, phase de sauvegarde) and the vigilance
 * colours for heavy rain and floods (jaune, orange, rouge).
 */

import type { z } from 'zod';
import type { newsFeedSchema, newsItemSchema, weatherAlertSchema } from './api/news.js';

export const NEWS_CATEGORIES = ['weather', 'transport', 'health', 'politics', 'culture', 'economy'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** A news item, declared once by its schema. */
export type NewsItem = z.output<typeof newsItemSchema>;

export const CYCLONE_LEVELS = ['pre-alerte-jaune', 'alerte-orange', 'alerte-rouge', 'alerte-violette', 'sauvegarde'] as const;
export const RAIN_LEVELS = ['jaune', 'orange', 'rouge'] as const;
export type CycloneLevel = (typeof CYCLONE_LEVELS)[number];
export type RainLevel = (typeof RAIN_LEVELS)[number];

/** `cyclone`: the cyclone warning system; `pluies`: heavy rain and flood vigilance. */
export type WeatherAlert = z.output<typeof weatherAlertSchema>;

/** What `GET /api/news` answers: every news item (most read first) and the alerts not yet ended. */
export type NewsFeed = z.output<typeof newsFeedSchema>;

/** The official name of each level, as Météo-France and the préfecture write it. */
export const CYCLONE_LEVEL_LABELS: Record<CycloneLevel, string> = {
  'pre-alerte-jaune': 'Pré-alerte jaune cyclonique',
  'alerte-orange': 'Alerte orange cyclonique',
  'alerte-rouge': 'Alerte rouge cyclonique',
  'alerte-violette': 'Alerte violette cyclonique',
  sauvegarde: 'Phase de sauvegarde',
};

export const RAIN_LEVEL_LABELS: Record<RainLevel, string> = {
  jaune: 'Vigilance jaune fortes pluies et inondations',
  orange: 'Vigilance orange fortes pluies et inondations',
  rouge: 'Vigilance rouge fortes pluies et inondations',
};

/** The colour a level is drawn in; the phase de sauvegarde follows the storm, no colour of its own (grey). */
export type AlertColour = 'yellow' | 'orange' | 'red' | 'violet' | 'grey';

export function alertLabel(alert: Pick<WeatherAlert, 'kind' | 'level'>): string {
  return alert.kind === 'cyclone'
    ? CYCLONE_LEVEL_LABELS[alert.level as CycloneLevel]
    : RAIN_LEVEL_LABELS[alert.level as RainLevel];
}

export function alertColour(alert: Pick<WeatherAlert, 'kind' | 'level'>): AlertColour {
  switch (alert.level) {
    case 'pre-alerte-jaune':
    case 'jaune':
      return 'yellow';
    case 'alerte-orange':
    case 'orange':
      return 'orange';
    case 'alerte-rouge':
    case 'rouge':
      return 'red';
    case 'alerte-violette':
      return 'violet';
    case 'sauvegarde':
      return 'grey';
  }
}

/** Severity for ordering: the most dangerous first. */
const SEVERITY: Record<CycloneLevel | RainLevel, number> = {
  'alerte-violette': 6,
  'alerte-rouge': 5,
  sauvegarde: 4,
  rouge: 4,
  'alerte-orange': 3,
  orange: 3,
  'pre-alerte-jaune': 2,
  jaune: 1,
};

/** An alert is current from its issue time (inclusive) until its end time (exclusive). */
export function isAlertCurrent(alert: Pick<WeatherAlert, 'issuedAt' | 'endsAt'>, now: Date): boolean {
  const at = now.getTime();
  return Date.parse(alert.issuedAt) <= at && at < Date.parse(alert.endsAt);
}

/** The alerts to show as current at `now`, most severe first, then most recently issued. */
export function currentAlerts(alerts: readonly WeatherAlert[], now: Date): WeatherAlert[] {
  return alerts
    .filter((alert) => isAlertCurrent(alert, now))
    .sort((a, b) => SEVERITY[b.level] - SEVERITY[a.level] || Date.parse(b.issuedAt) - Date.parse(a.issuedAt));
}

/** News order among items of the same freshness: most read first, then newest. */
export function compareNewsItems(a: NewsItem, b: NewsItem): number {
  return b.views - a.views || Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || a.id.localeCompare(b.id);
}

/** How long an item counts as news of the day: "Tendance", ranked by readers, under "aujourd’hui". */
export const NEWS_RECENT_MS = 24 * 60 * 60 * 1000;

/**
 * Published less than 24 hours before `now` (exclusive), or dated a little ahead of a slow clock. An old item
 * read by many long ago must not pass for today's news: on a cyclone day a year-old "alerte rouge dès cette
 * nuit" at the top of the page would be read as tonight's.
 */
export function isNewsRecent(item: Pick<NewsItem, 'publishedAt'>, now: Date): boolean {
  return now.getTime() - Date.parse(item.publishedAt) < NEWS_RECENT_MS;
}

/** The "Tendance" badge: set by an operator, and only while the item is recent. */
export function isNewsTrending(item: Pick<NewsItem, 'publishedAt' | 'trending'>, now: Date): boolean {
  return item.trending && isNewsRecent(item, now);
}

/** The page's order at `now`: recent items first, most read first; then older ones, newest first. */
export function rankNews(items: readonly NewsItem[], now: Date): NewsItem[] {
  return items
    .map((item) => ({ item, recent: isNewsRecent(item, now) }))
    .sort(
      (a, b) =>
        Number(b.recent) - Number(a.recent) ||
        (a.recent
          ? compareNewsItems(a.item, b.item)
          : Date.parse(b.item.publishedAt) - Date.parse(a.item.publishedAt) || compareNewsItems(a.item, b.item)),
    )
    .map(({ item }) => item);
}
