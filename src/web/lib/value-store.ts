import { useSyncExternalStore } from 'react';

/**
 * One value outside React that components read with `useValue`: a change draws again only the components that read
 * it, where a state of a parent would draw the parent and everything under it.
 */
export interface ValueStore<T> {
  get: () => T;
  set: (value: T) => void;
  useValue: () => T;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const get = () => current;
  return {
    get,
    set(value) {
      if (Object.is(value, current)) return;
      current = value;
      for (const listener of listeners) listener();
    },
    // The server and hydration read the initial value: the server's page is the same for every device.
    useValue: () => useSyncExternalStore(subscribe, get, () => initial),
  };
}
