import type { z } from 'zod';
import type { adminActivitySchema, marketActivitySchema } from './api/admin.js';

/** One prediction's recent votes (cast or changed side), counted from the vote rows. */
export type MarketActivity = z.output<typeof marketActivitySchema>;

/** The answer of `GET /api/admin/activity`. */
export type AdminActivity = z.output<typeof adminActivitySchema>;

/** Predictions per page of the activity feed: the admin screen polls the first every 3 s. */
export const ADMIN_ACTIVITY_PAGE_SIZE = 50;
