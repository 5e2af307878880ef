import type { Kysely, Selectable } from 'kysely';
import type { NewsCategory, NewsItem, WeatherAlert } from '../../shared/news.js';
import { fromFlag, toFlag } from '../db/helpers.js';
import type { DB, NewsItemsTable, WeatherAlertsTable } from '../db/schema.js';

/** The only place where SQL on news items and weather alerts is written. */

/** The page shows the most read; an operator adding items without removing any never grows it past this. */
const MAX_NEWS_ITEMS = 50;

function toNewsItem(row: Selectable<NewsItemsTable>): NewsItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category as NewsCategory,
    publishedAt: row.published_at,
    author: row.author,
    readTime: row.read_time,
    views: row.views,
    viewsChange: row.views_change,
    image: row.image,
    trending: fromFlag(row.trending),
    pressUrl: row.press_url,
  };
}

function toNewsRow(item: NewsItem): Selectable<NewsItemsTable> {
  return {
    id: item.id,
    title: item.title,
    summary: item.summary,
    category: item.category,
    published_at: item.publishedAt,
    author: item.author,
    read_time: item.readTime,
    views: item.views,
    views_change: item.viewsChange,
    image: item.image,
    trending: toFlag(item.trending),
    press_url: item.pressUrl,
  };
}

function toAlert(row: Selectable<WeatherAlertsTable>): WeatherAlert {
  // kind and level were validated together on the way in.
  return {
    id: row.id,
    kind: row.kind,
    level: row.level,
    zone: row.zone,
    places: row.places,
    advice: row.advice,
    issuedAt: row.issued_at,
    endsAt: row.ends_at,
  } as WeatherAlert;
}

function toAlertRow(alert: WeatherAlert): Selectable<WeatherAlertsTable> {
  return {
    id: alert.id,
    kind: alert.kind,
    level: alert.level,
    zone: alert.zone,
    places: alert.places,
    advice: alert.advice,
    issued_at: alert.issuedAt,
    ends_at: alert.endsAt,
  };
}

/** Most read first, then newest. */
export async function listNewsItems(db: Kysely<DB>): Promise<NewsItem[]> {
  const rows = await db
    .selectFrom('news_items')
    .selectAll()
    .orderBy('views', 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(MAX_NEWS_ITEMS)
    .execute();
  return rows.map(toNewsItem);
}

export async function findNewsItem(db: Kysely<DB>, id: string): Promise<NewsItem | undefined> {
  const row = await db.selectFrom('news_items').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toNewsItem(row);
}

export async function insertNewsItems(db: Kysely<DB>, items: readonly NewsItem[]): Promise<void> {
  if (items.length === 0) return;
  await db.insertInto('news_items').values(items.map(toNewsRow)).execute();
}

/** Replaces every field of an existing item; false when there is none. */
export async function replaceNewsItem(db: Kysely<DB>, item: NewsItem): Promise<boolean> {
  const { id, ...fields } = toNewsRow(item);
  const result = await db.updateTable('news_items').set(fields).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteNewsItem(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('news_items').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Alerts whose end is after `now` (current or announced), newest issue first. */
export async function listAlertsNotEnded(db: Kysely<DB>, now: Date): Promise<WeatherAlert[]> {
  const rows = await db
    .selectFrom('weather_alerts')
    .selectAll()
    .where('ends_at', '>', now.toISOString())
    .orderBy('issued_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toAlert);
}

/** Every alert, ended ones included (for operators). */
export async function listAllAlerts(db: Kysely<DB>): Promise<WeatherAlert[]> {
  const rows = await db.selectFrom('weather_alerts').selectAll().orderBy('issued_at', 'desc').orderBy('id').execute();
  return rows.map(toAlert);
}

export async function findAlert(db: Kysely<DB>, id: string): Promise<WeatherAlert | undefined> {
  const row = await db.selectFrom('weather_alerts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAlert(row);
}

export async function insertAlerts(db: Kysely<DB>, alerts: readonly WeatherAlert[]): Promise<void> {
  if (alerts.length === 0) return;
  await db.insertInto('weather_alerts').values(alerts.map(toAlertRow)).execute();
}

export async function replaceAlert(db: Kysely<DB>, alert: WeatherAlert): Promise<boolean> {
  const { id, ...fields } = toAlertRow(alert);
  const result = await db.updateTable('weather_alerts').set(fields).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAlert(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('weather_alerts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
