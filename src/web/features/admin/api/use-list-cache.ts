import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { MarketPage } from '../../../../shared/market-list.js';
import type { Market } from '../../../../shared/market.js';

/** Keeps an admin list in step with the answers of its changes: a saved item replaces (or joins) it, a deleted one leaves. */
export function useListCache<T extends { id: string }>(key: QueryKey) {
  const queryClient = useQueryClient();
  return {
    put(item: T) {
      queryClient.setQueryData<T[]>(key, (list = []) =>
        list.some((other) => other.id === item.id) ? list.map((other) => (other.id === item.id ? item : other)) : [item, ...list],
      );
    },
    remove(id: string) {
      queryClient.setQueryData<T[]>(key, (list = []) => list.filter((other) => other.id !== id));
    },
  };
}

/**
 * The same for a list read in pages (the predictions, under `key` and the search): a saved prediction replaces its
 * copy in every page read, or joins the top of the unsearched list; a deleted one leaves every page.
 */
export function usePagesCache(key: QueryKey) {
  const queryClient = useQueryClient();
  const update = (change: (items: Market[]) => Market[]) =>
    queryClient.setQueriesData<InfiniteData<MarketPage>>({ queryKey: key }, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) } : data,
    );
  return {
    put(market: Market) {
      let found = false;
      update((items) =>
        items.map((other) => {
          if (other.id !== market.id) return other;
          found = true;
          return market;
        }),
      );
      if (found) return;
      queryClient.setQueryData<InfiniteData<MarketPage>>([...key, ''], (data) => {
        const [first, ...rest] = data?.pages ?? [];
        if (!data || !first) return data;
        return { ...data, pages: [{ ...first, items: [market, ...first.items], total: first.total + 1 }, ...rest] };
      });
    },
    remove(id: string) {
      queryClient.setQueriesData<InfiniteData<MarketPage>>({ queryKey: key }, (data) => {
        if (!data?.pages.some((page) => page.items.some((item) => item.id === id))) return data;
        return {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => item.id !== id),
            total: page.total - 1,
          })),
        };
      });
    },
  };
}
