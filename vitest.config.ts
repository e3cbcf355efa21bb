import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: pure packages and the server in Node, the web app in jsdom.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on the two-core machines CI
    // runs on, with a core idle while a file waits on PostgreSQL. Three workers took the unit step from
    // 11 min 34 s to 6 min 48 s on two cores (four: 6 min 28 s, for more memory and contention).
    // VITEST_MAX_WORKERS overrides it.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'packages',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The pure-maths properties (hundreds of fast-check runs of the JS SHA-256, the sport models'
          // replays) take ~1 s alone but passed 5 s, Vitest's default, with the machine's two cores shared by
          // the server's PostgreSQL tests: a bound for a slow machine, not a speed check (speed is bench/).
          testTimeout: 60_000,
        },
      },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
