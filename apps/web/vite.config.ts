import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': api,
      '/files': api,
      '/manifest.webmanifest': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // the entry's imports stay preloaded from index.html; a lazy chunk's imports are fetched by the browser itself
    // instead of through a <link rel=modulepreload> the preload helper appends per import — on a signed-in first load
    // appending those links was the largest single cost on the main thread (docs/performance.md, Round 7 — the quiet
    // run)
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
});
