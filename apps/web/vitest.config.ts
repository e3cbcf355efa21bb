import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Mantine's CSS is irrelevant to behaviour tests; skipping it keeps the runs fast.
    css: false,
    // Page-level tests (a whole game screen, the app with its lazy routes) take 1–3 s alone and several
    // times that when the cores are shared (three workers; the CPU halved): the default 5 s made them fail on
    // load, not on behaviour. A bound on a hang, not a wait: a passing test never reaches it.
    testTimeout: 30_000,
  },
});
