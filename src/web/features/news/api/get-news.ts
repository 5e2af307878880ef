import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsFeed } from '../../../../shared/news.js';
import { call } from '../../../lib/api-client.js';

export function getNews(signal?: AbortSignal): Promise<NewsFeed> {
  return call('getNews', { signal });
}

/** The news items and the weather alerts not yet ended, as operators last set them. */
export function newsQueryOptions() {
  return queryOptions({ queryKey: ['news'] as const, queryFn: ({ signal }) => getNews(signal) });
}

export function useNews() {
  return useQuery(newsQueryOptions());
}
