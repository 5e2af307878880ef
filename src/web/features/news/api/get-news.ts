import type { SuccessOf } from '../../../../shared/api/contract.js';
import type { newsEndpoints } from '../../../../shared/api/news.js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsFeed } from '../../../../shared/news.js';
import { apiFetch } from '../../../lib/api-client.js';

export function getNews(signal?: AbortSignal): Promise<NewsFeed> {
  return apiFetch<SuccessOf<typeof newsEndpoints.getNews>>('/api/news', { signal });
}

/** The news items and the weather alerts not yet ended, as operators last set them. */
export function newsQueryOptions() {
  return queryOptions({ queryKey: ['news'] as const, queryFn: ({ signal }) => getNews(signal) });
}

export function useNews() {
  return useQuery(newsQueryOptions());
}
