import { useQueryClient, type QueryKey } from '@tanstack/react-query';

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
