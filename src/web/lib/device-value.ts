import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * A value read from this device (local storage, the address at load), rendered as `serverValue` by the server and by
 * hydration, then as the device's own on the render that follows: the server's page is the same for every device,
 * so hydration finds the DOM it expects and nothing moves before the app runs.
 */
export function useDeviceValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noChanges, read, () => serverValue);
}
