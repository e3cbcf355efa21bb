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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
