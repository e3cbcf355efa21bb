import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Prints which database backends run and checks TEST_DATABASE_URL once.
    globalSetup: ['test/global-setup.ts'],
    // Cheap scrypt for every test file (see setHashingParams in src/lib/password.ts).
    setupFiles: ['test/setup/cheap-password-hashing.ts'],
    // Bounds on a hang, not waits: three workers share the cores, and the suite must pass with the CPU
    // halved (issue 16), where a route test that takes 10 s alone can take three times that.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
