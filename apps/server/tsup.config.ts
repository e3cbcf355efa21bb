import { defineConfig } from 'tsup';

// One ESM bundle per entry point. Workspace packages ship TypeScript sources, so they are bundled in;
// npm dependencies stay external and load from node_modules (PGlite and geoip-country read their data
// files relative to their own package folders, which bundling would break).
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'db-cli': 'src/db/cli.ts',
    'ops-cli': 'src/ops/cli.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  noExternal: [/^@lotus\//],
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
});
