import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { getFingerprint } from '../../../lib/fingerprint.js';
import { forgetIdentity } from '../../../lib/identity-store.js';
import { removeStorage, STORAGE_KEYS } from '../../../lib/storage.js';
import type { ErasureResult } from '../../../../shared/privacy.js';

export async function eraseMyData(): Promise<ErasureResult> {
  const fingerprint = await getFingerprint();
  const result = await call('eraseMyData', { body: { fingerprint } });
  // Nothing is left to link to this identity: the device forgets it too, and a later vote starts afresh.
  forgetIdentity(fingerprint);
  // So are votes still waiting for the connection: they would be sent with a new identity later.
  removeStorage(STORAGE_KEYS.pendingVotes);
  return result;
}

/** Erases this device's votes and forgets its identity; every cached list is then stale (counts and "voted" marks changed). */
export function useEraseMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseMyData,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
