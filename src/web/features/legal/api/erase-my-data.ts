import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.js';
import { getFingerprint } from '../../../lib/fingerprint.js';
import type { ErasureResult } from '../../../../shared/privacy.js';

export async function eraseMyData(): Promise<ErasureResult> {
  const fingerprint = await getFingerprint();
  return apiFetch<ErasureResult>('/api/privacy/erase', { method: 'POST', body: { fingerprint } });
}

/** Erases this device's votes; every cached list is then stale (counts and "voted" marks changed). */
export function useEraseMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseMyData,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
