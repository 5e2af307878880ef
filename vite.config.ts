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
    // The server's renderer (dist/ssr, npm run build:ssr) needs none of the public files.
    copyPublicDir: !isSsrBuild,
  },
  server: {
    // The share pages (/p/<id>, /c/<insee>) and their pictures are the server's too.
    proxy: { '/api': 'http://127.0.0.1:3000', '^/[pc]/': 'http://127.0.0.1:3000' },
  },
}));
