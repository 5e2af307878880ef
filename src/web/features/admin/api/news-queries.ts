import { queryOptions } from '@tanstack/react-query';
import { queryKeyOf } from '../../../../shared/api/caller.js';
import { call } from '../../../lib/api-client.js';
import { adminCaller } from './admin-caller.js';
import { adminKeys } from './admin-queries.js';

export const newsAdminKeys = {
  items: [...adminKeys.all, ...queryKeyOf('getNews')],
  alerts: [...adminKeys.all, ...queryKeyOf('listAlerts')],
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
