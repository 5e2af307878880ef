import { startTransition, useEffect, useState } from 'react';

/** Set by hydrate.tsx just before it hydrates the server's page; cleared once that hydration has committed. */
let hydrating = false;

/** The app is about to hydrate the server's page: the device values mounted now start from the server's. */
export function startHydrating(): void {
  hydrating = true;
}

/**
 * A value read from this device (local storage, the address at load), rendered as `serverValue` by the server and by
 * hydration, then as the device's own on the render that follows: the server's page is the same for every device,
 * so hydration finds the DOM it expects and nothing moves before the app runs. That render is a transition, in
 * slices that yield to the browser: a store read with `useSyncExternalStore` forced a synchronous render of the
 * whole app right after hydration (140 ms of a phone's main thread, 4× CPU slowdown). Mounted after hydration
 * (or without a server's page), the device's value is read at once.
 */
export function useDeviceValue<T>(read: () => T, serverValue: T): T {
  const [mountedHydrating] = useState(() => hydrating);
  // The server's render (no document) draws the server's value, as hydration does.
  const [value, setValue] = useState<T>(() => (mountedHydrating || typeof document === 'undefined' ? serverValue : read()));
  useEffect(() => {
    hydrating = false;
    if (!mountedHydrating) return;
    const own = read();
    if (!Object.is(own, serverValue)) startTransition(() => setValue(own));
    // Read once, at the mount: a device value does not change under the app.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}
