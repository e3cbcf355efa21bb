import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API lives on the same origin in production (the server serves dist/); in development Vite
// forwards the API prefixes to the server started with `npm run dev -w @lotus/server` on :8080.
const API_TARGET = 'http://127.0.0.1:8080';
// `/api`: the live tables' API (`/api/live`, issue 22).
const apiPrefixes = ['/wps', '/lgw', '/lotto', '/docs', '/originals/api', '/api'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      ...Object.fromEntries(
        // `ws` on /wps carries the live balance socket (/wps/ws) in development too.
        apiPrefixes.map((prefix) => [
          prefix,
          { target: API_TARGET, changeOrigin: false, ws: prefix === '/wps' },
        ]),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under dist/assets let the server cache them forever (index.html is never cached).
    assetsDir: 'assets',
    sourcemap: false,
    // dist/.vite/manifest.json maps every chunk to its imports: bench/web reads it to measure what each
    // route loads first and to enforce bench/web/budget.json in CI.
    manifest: true,
    rolldownOptions: {
      output: {
        // React, React DOM and the router change far less often than the app and are all needed on every
        // page, so their own chunk stays cached across releases without pulling any lazy code forward.
        // (Grouping Mantine too was tried: it dragged lazy-only components such as Modal into the first load.)
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // zod in one chunk, fetched only by what imports it (the games list's schema, the form chunks):
            // left to the default split, each new importer cut it into more, smaller chunks that every
            // importer fetches (more bytes on /rng's first load for the same code).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Everything else the entry imports statically, in one chunk (issue 15): every page loads all of
            // it first anyway, and one file compresses better than the thirty small ones the default split
            // made of it (each shared with some lazy chunk), and costs one request instead of thirty.
            { name: 'start', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
