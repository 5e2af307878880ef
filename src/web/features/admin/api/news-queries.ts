import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { adminCaller } from './admin-caller.js';

export const newsAdminKeys = {
  items: ['admin', 'news-items'] as const,
  alerts: ['admin', 'alerts'] as const,
};

/** The news items as the page lists them (the public feed); its alerts are only the current ones, so not used. */
export const newsItemsQuery = queryOptions({
  queryKey: newsAdminKeys.items,
  queryFn: async ({ signal }) => (await call('getNews', { signal })).items,
  staleTime: Infinity,
});

/** Every alert, ended ones included: only the admin API lists those. */
export const alertsQuery = (token: string) =>
  queryOptions({
    queryKey: newsAdminKeys.alerts,
    queryFn: ({ signal }) => adminCaller(token)('listAlerts', { signal }),
    staleTime: Infinity,
  });
