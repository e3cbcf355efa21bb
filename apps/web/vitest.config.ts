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
    // times that when both cores are busy; the default 5 s made them fail on load, not on behaviour.
    testTimeout: 15_000,
  },
});
