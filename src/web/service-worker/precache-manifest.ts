/**
 * The list of files the service worker installs with itself: the app's shell, so it opens with no network.
 * Built from the files of dist/web after `vite build` (scripts/build-service-worker.ts).
 */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** Vite's hashed output: the name changes with the content, so the URL is its own revision. */
const HASHED_ASSET = /^assets\/.+-[A-Za-z0-9_-]{8}\.(js|css|woff2|svg|png)$/;

/** What the shell needs. Not kept: compressed twins, the worker itself, source maps, administration's code. */
function isShellFile(path: string): boolean {
  if (/\.(br|gz|map)$/.test(path)) return false;
  if (path === 'sw.js') return false;
  if (/^assets\/admin-/.test(path)) return false;
  return /\.(html|js|css|woff2|svg|png|webmanifest)$/.test(path);
}

/**
 * Entries for Workbox's precache, sorted by URL: hashed assets without revision, other files with
 * `revision` set to the hash of their content (`hash` is given by the caller: the build uses SHA-256).
 */
export function precacheEntries(
  files: { path: string; content: Uint8Array }[],
  hash: (content: Uint8Array) => string,
): PrecacheEntry[] {
  return files
    .map((file) => ({ ...file, path: file.path.split('\\').join('/') }))
    .filter((file) => isShellFile(file.path))
    .map((file) => ({ url: `/${file.path}`, revision: HASHED_ASSET.test(file.path) ? null : hash(file.content) }))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
