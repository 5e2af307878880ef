import { startTransition, useEffect, useEffectEvent, useState } from 'react';

/**
 * Whether the app draws the server's page: always on the server, and in the browser while it hydrates that page (set
 * by hydrate.tsx, ended by the app once the hydration is committed).
 */
let hydrating = typeof window === 'undefined';

export function startHydration(): void {
  hydrating = true;
}

export function endHydration(): void {
  hydrating = false;
}

/**
 * A value read from this device once (local storage, what was typed before the app ran). While the app hydrates the
 * server's page it is `serverValue`, as the server rendered it: the page is the same for every device, so hydration
 * finds the DOM it expects and nothing moves before the app runs. The device's own value follows in a transition,
 * which React draws in slices: on a first visit it redraws the whole app (the how-it-works sheet opens), and through
 * `useSyncExternalStore` that was one task. A component drawn after hydration reads the device at once.
 */
export function useDeviceValue<T>(read: () => T, serverValue: T): T {
  const [value, setValue] = useState(() => (hydrating ? serverValue : read()));
  const readDevice = useEffectEvent(() => {
    const device = read();
    if (!Object.is(device, value)) startTransition(() => setValue(device));
  });
  useEffect(() => readDevice(), []);
  return value;
}
