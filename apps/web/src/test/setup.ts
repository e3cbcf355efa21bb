import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadFloatingParts } from '../components/ui/deferred-floating.tsx';
import { i18n } from '../lib/i18n.ts';

// findBy / waitFor wait up to 10 s instead of 1 s, and no test sets a shorter wait of its own: the first
// import of a lazy route is a Vite transform, which takes seconds with three workers on a machine whose CPU is
// halved (the suite must pass there, issue 16). A passing test never waits for it; a wrong state still fails.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs; Mantine needs matchMedia and ResizeObserver (ARCHITECTURE §1 traps).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// The app loads Mantine's drop-downs and tooltips after the first paint (components/ui/deferred-floating.tsx);
// tests exercise the components themselves, so they have them from the start (deferred-floating.test.tsx
// covers the loading).
await loadFloatingParts();

// The layout scrolls on navigation; jsdom only logs "not implemented" for these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

// Any text looked up under a key that no locale file has fails the test that rendered it.
const missingKeys: string[] = [];
i18n.onMissingKey = (_language, namespace, key) => {
  missingKeys.push(`${namespace}:${key}`);
};

afterEach(() => {
  // Testing Library registers its cleanup only when test globals are on; this project keeps them off.
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  const missing = missingKeys.splice(0);
  if (missing.length > 0) throw new Error(`missing translation keys: ${[...new Set(missing)].join(', ')}`);
});
