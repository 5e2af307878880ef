import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../../../shared/api/caller.js';
import type { NewsFeed } from '../../../../shared/news.js';
import { call } from '../../../lib/api-client.js';

export function getNews(signal?: AbortSignal): Promise<NewsFeed> {
  return call('getNews', { signal });
}

/** The news items and the weather alerts not yet ended, as operators last set them. */
export function newsQueryOptions() {
  return queryOptions({ queryKey: queryKeyOf('getNews'), queryFn: ({ signal }) => getNews(signal) });
}

export function useNews() {
  return useQuery(newsQueryOptions());
}
