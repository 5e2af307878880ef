import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Tailwind 4's own floor (Safari 16.4, Chrome 111, Firefox 128): its colours (oklch) and cascade layers need
    // these browsers anyway, so the minifier writes no fallbacks for older ones (about a fifth of the sheets).
    cssTarget: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    // The app's code for the first screen (hydrate.tsx and everything it imports: React, TanStack Query, the shell,
    // the list) in one file: loaded after the first paint, it is one request instead of some twenty small ones
    // (modules the other screens share with it would each be a file), which on HTTP/1.1 took several round trips.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The French of src/web/copy is module constants: written at each of their uses, as if still inline, they
          // cost the first screen no variable and the lazy screens no import of a shared module of texts.
          optimization: { inlineConst: { mode: 'all', pass: 2 } },
          output: {
            codeSplitting: {
              groups: [
                // Vite's loader of lazy modules is the entry's too: kept out of the app, or the entry would import it.
                { name: 'preload-helper', test: /preload-helper/, priority: 1 },
                // The list's virtualizer, read after the first screen (src/web/lib/use-window-virtualizer.ts), named.
                { name: 'virtual-core', test: /@tanstack[\\/]virtual-core/, priority: 1 },
                { name: 'app', test: /[\\/]src[\\/]web[\\/]hydrate\.tsx$|rolldown[\\/]runtime/ },
              ],
            },
          },
        },
    // The server's renderer (dist/ssr, npm run build:ssr) needs none of the public files.
    copyPublicDir: !isSsrBuild,
  },
  server: {
    // The share pages (/p/<id>, /c/<insee>) and their pictures are the server's too.
    proxy: { '/api': 'http://127.0.0.1:3000', '^/[pc]/': 'http://127.0.0.1:3000' },
  },
}));
