import { createHash } from 'node:crypto';

/**
 * The revision of a file of the app's shell: the first 16 hex digits of its SHA-256. The build writes it into the
 * service worker's list of files (scripts/build-service-worker.ts); the server sends the page template's with each
 * drawing of the page, so the worker knows which version drew it.
 */
export function contentRevision(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}
