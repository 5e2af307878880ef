import { z } from 'zod';
import { CYCLONE_LEVELS, NEWS_CATEGORIES, RAIN_LEVELS } from '../news.js';
import { defineEndpoints } from './contract.js';

export const newsItemSchema = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    summary: z.string(),
    category: z.enum(NEWS_CATEGORIES),
    /** ISO 8601 UTC. */
    publishedAt: z.string(),
    author: z.string(),
    /** Minutes. */
    readTime: z.int(),
    views: z.int(),
    /** Percent change in views. */
    viewsChange: z.int(),
    /** An emoji standing for the picture. */
    image: z.string(),
    trending: z.boolean(),
    pressUrl: z.string(),
  })
  .meta({ id: 'NewsItem' });

const alertFields = {
  id: z.string(),
  /** Short zone in the heading: "Est et Sud". */
  zone: z.string(),
  /** The communes or places concerned (may be empty). */
  places: z.string(),
  /** What people should do. */
  advice: z.string(),
  /** ISO 8601 UTC: when the alert was issued. */
  issuedAt: z.string(),
  /** ISO 8601 UTC: when it ends; after that it is never shown as current. */
  endsAt: z.string(),
};

export const weatherAlertSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ ...alertFields, kind: z.literal('cyclone'), level: z.enum(CYCLONE_LEVELS) }),
    z.strictObject({ ...alertFields, kind: z.literal('pluies'), level: z.enum(RAIN_LEVELS) }),
  ])
  .meta({ id: 'WeatherAlert' });

export const newsFeedSchema = z
  .strictObject({ items: z.array(newsItemSchema), alerts: z.array(weatherAlertSchema) })
  .meta({ id: 'NewsFeed' });

export const newsEndpoints = defineEndpoints({
  getNews: {
    method: 'GET',
    url: '/api/news',
    summary: 'News items most read first, and weather alerts not yet ended',
    answer: '200 `{ items, alerts }`',
    tags: ['news'],
    response: { 200: newsFeedSchema },
  },
});
