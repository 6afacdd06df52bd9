import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// relative, so the config's bundler inlines it (the shared package is TypeScript without a build step)
import { messageChunkName } from '../../packages/shared/src/locales';

const api = 'http://localhost:3000';

/** The chunks of the screens a visitor sees before signing in (their layout and the auth screens). */
const SIGNED_OUT = /\/(AuthLayout|(Login|Forgot|Reset|LinkSent|Changed|ProviderCallback)Screen)-[\w-]+\.js$/;

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
    rolldownOptions: {
      // each feature's index.ts (its public face, docs/web.md) only re-exports: marked free of side effects and
      // loaded lazily, a consumer's chunk takes what it imports from a feature, not every module the face lists
      experimental: { lazyBarrel: true },
      treeshake: { moduleSideEffects: (id: string) => !/\/src\/features\/[^/]+\/index\.ts$/.test(id) },
      output: {
        // a locale's messages are served under its §9 message file name (zh_CN → zh-cn.common-<hash>.js); the
        // source folders keep the locale codes (docs/web.md)
        chunkFileNames: (chunk) => {
          const messages = chunk.facadeModuleId ? messageChunkName(chunk.facadeModuleId) : null;
          return messages ? `assets/${messages}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
    // WEB_OUT_DIR: a build of one's own (parallel work on one tree; the server serves it with WEB_DIST)
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // the entry's imports stay preloaded from index.html; a lazy chunk's imports are fetched by the browser itself
    // instead of through a <link rel=modulepreload> the preload helper appends per import — on a signed-in first load
    // appending those links was the largest single cost on the main thread (docs/performance.md, Round 7 — the quiet
    // run). The signed-out screens keep theirs: a handful of links, and without them a guest's first paint waits for
    // one more wave of requests (docs/performance.md, Round 10)
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) => (hostType === 'html' || SIGNED_OUT.test(file) ? deps : []),
    },
  },
});
