import { z } from 'zod';
import { CYCLONE_LEVELS, NEWS_CATEGORIES, RAIN_LEVELS } from '../news.js';
import { defineEndpoints } from './contract.js';

export const newsItemSchema = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    summary: z.string(),
    category: z.enum(NEWS_CATEGORIES),
    publishedAt: z.string(),
    author: z.string(),
    readTime: z.int(),
    views: z.int(),
    viewsChange: z.int(),
    image: z.string(),
    trending: z.boolean(),
    pressUrl: z.string(),
  })
  .meta({ id: 'NewsItem' });

const alertFields = {
  id: z.string(),
  zone: z.string(),
  places: z.string(),
  advice: z.string(),
  issuedAt: z.string(),
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
