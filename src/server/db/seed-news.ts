import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { NewsItem, WeatherAlert } from '../../shared/news.js';
import { newIdSchema, newsItemInputSchema, weatherAlertInputSchema } from '../../shared/schemas.js';
import { insertAlerts, insertNewsItems } from '../news/news-repository.js';
import type { Database } from './database.js';

/**
 * Marker of the demo news, apart from the main seed's: a database seeded before news were stored
 * still gets them once, and an operator who deletes them never sees them come back.
 */
export const NEWS_SEEDED_KEY = 'seeded-news';

const withId = (value: { id?: string }) => newIdSchema.safeParse(value.id).success;

/** The same rules as the admin API, plus a fixed id so the demo content is the same in every database. */
const newsSeedSchema = z.strictObject({
  items: z.array(newsItemInputSchema.refine(withId, { error: 'id manquant' })),
  alerts: z.array(weatherAlertInputSchema.refine(withId, { error: 'id manquant' })),
});

export interface NewsSeed {
  items: NewsItem[];
  alerts: WeatherAlert[];
}

/** Reads and validates `data/seed/news.json`: fixed publication dates, alerts with their issue and end times. */
export function loadNewsSeed(directory = resolve(process.cwd(), 'data/seed')): NewsSeed {
  const path = resolve(directory, 'news.json');
  const result = newsSeedSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!result.success) throw new Error(`Invalid seed data in ${path}:\n${z.prettifyError(result.error)}`);
  const iso = (value: string) => new Date(value).toISOString();
  return {
    items: result.data.items.map((item) => ({
      ...item,
      id: item.id ?? '',
      publishedAt: iso(item.publishedAt),
      trending: item.trending ?? false,
    })),
    alerts: result.data.alerts.map((alert) => ({
      ...alert,
      id: alert.id ?? '',
      places: alert.places ?? '',
      issuedAt: iso(alert.issuedAt),
      endsAt: iso(alert.endsAt),
    })),
  };
}

/** Loads the demo news and alerts once per database; false when they were loaded before. */
export async function seedDemoNews(database: Database, now: Date): Promise<boolean> {
  const seed = loadNewsSeed();
  return database.db.transaction().execute(async (trx) => {
    // Claimed first, so two servers starting together on one PostgreSQL database insert once.
    const claim = await trx
      .insertInto('app_meta')
      .values({ key: NEWS_SEEDED_KEY, value: now.toISOString() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    await insertNewsItems(trx, seed.items);
    await insertAlerts(trx, seed.alerts);
    return true;
  });
}
