import { useMutation } from '@tanstack/react-query';
import type { PrivacyExport } from '../../../../shared/privacy.js';
import { call } from '../../../lib/api-client.js';
import { getFingerprint } from '../../../lib/fingerprint.js';
import { EXPORT_FILE_NAME } from '../lib/legal-text.js';

export async function exportMyData(): Promise<PrivacyExport> {
  const fingerprint = await getFingerprint();
  return call('exportMyData', { query: { fingerprint } });
}

/** Hands the export to the browser as a JSON file download. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has started by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportMyData() {
  return useMutation({
    mutationFn: exportMyData,
    onSuccess: (data) => downloadJson(data, EXPORT_FILE_NAME),
  });
}
