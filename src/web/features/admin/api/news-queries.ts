import { queryOptions } from '@tanstack/react-query';
import type { adminEndpoints } from '../../../../shared/api/admin.js';
import type { SuccessOf } from '../../../../shared/api/contract.js';
import type { newsEndpoints } from '../../../../shared/api/news.js';
import { apiFetch } from '../../../lib/api-client.js';
import { adminFetch } from './admin-fetch.js';

export const newsAdminKeys = {
  items: ['admin', 'news-items'] as const,
  alerts: ['admin', 'alerts'] as const,
};

/** The news items as the page lists them (the public feed); its alerts are only the current ones, so not used. */
export const newsItemsQuery = queryOptions({
  queryKey: newsAdminKeys.items,
  queryFn: async ({ signal }) => (await apiFetch<SuccessOf<typeof newsEndpoints.getNews>>('/api/news', { signal })).items,
  staleTime: Infinity,
});

/** Every alert, ended ones included: only the admin API lists those. */
export const alertsQuery = (token: string) =>
  queryOptions({
    queryKey: newsAdminKeys.alerts,
    queryFn: ({ signal }) => adminFetch<SuccessOf<typeof adminEndpoints.listAlerts>>(token, '/api/admin/alerts', { signal }),
    staleTime: Infinity,
  });
