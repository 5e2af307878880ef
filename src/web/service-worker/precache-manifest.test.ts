import { describe, expect, it } from 'vitest';
import { precacheEntries } from './precache-manifest.js';

const bytes = (text: string) => new TextEncoder().encode(text);
/** A stand-in hash that shows which content it was given. */
const hash = (content: Uint8Array) => `h:${new TextDecoder().decode(content)}`;

describe('precacheEntries: the shell the worker installs with itself', () => {
  it('lists the shell sorted: hashed assets without revision, other files with their content hash', () => {
    const files = [
      { path: 'index.html', content: bytes('page') },
      { path: 'index.html.br', content: bytes('x') },
      { path: 'index.html.gz', content: bytes('x') },
      { path: 'assets/index-8p02OgB_.js', content: bytes('x') },
      { path: 'assets/index-8p02OgB_.js.br', content: bytes('x') },
      { path: 'assets/index-C08BA7gL.css', content: bytes('x') },
      { path: 'assets/market-detail-DAVMM38I.js', content: bytes('x') },
      { path: 'assets/proof-worker-Bk63kAa6.js', content: bytes('x') },
      { path: 'assets/admin-CTWK0U8C.js', content: bytes('x') },
      { path: 'assets/index-8p02OgB_.js.map', content: bytes('x') },
      { path: 'favicon.svg', content: bytes('mark') },
      { path: 'theme-init.js', content: bytes('theme') },
      { path: 'manifest.webmanifest', content: bytes('manifest') },
      { path: 'icons/icon-192.png', content: bytes('png192') },
      { path: 'icons/icon-maskable-512.png', content: bytes('png512') },
      { path: 'sw.js', content: bytes('worker') },
      { path: 'robots.txt', content: bytes('x') },
    ];
    expect(precacheEntries(files, hash)).toEqual([
      { url: '/assets/index-8p02OgB_.js', revision: null },
      { url: '/assets/index-C08BA7gL.css', revision: null },
      { url: '/assets/market-detail-DAVMM38I.js', revision: null },
      { url: '/assets/proof-worker-Bk63kAa6.js', revision: null },
      { url: '/favicon.svg', revision: 'h:mark' },
      { url: '/icons/icon-192.png', revision: 'h:png192' },
      { url: '/icons/icon-maskable-512.png', revision: 'h:png512' },
      { url: '/index.html', revision: 'h:page' },
      { url: '/manifest.webmanifest', revision: 'h:manifest' },
      { url: '/theme-init.js', revision: 'h:theme' },
    ]);
  });

  it('takes Windows separators as URL slashes', () => {
    expect(precacheEntries([{ path: 'icons\\icon-192.png', content: bytes('png') }], hash)).toEqual([
      { url: '/icons/icon-192.png', revision: 'h:png' },
    ]);
  });
});
