import './mantine-styles.ts';
import './app.css';
import './first-screen-shell.css';
import { DEFAULT_LANGUAGE } from '@lotus/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { bannersQueryOptions } from '../features/banners/api/get-banners.ts';
import { readStoredLanguage } from '../features/language/utils/language-preference.ts';
import { systemStatusQueryOptions } from '../features/system/api/get-system-status.ts';
import { addInlineTexts, initI18n, loadAllNamespaces, toI18nLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { whitelabelQueryOptions } from '../lib/system/get-whitelabel.ts';
import { AppProviders } from './providers.tsx';
import { RootView } from './root-view.tsx';
import { createRoutes } from './router.tsx';
import { readStartData } from './start-data.ts';

/**
 * The server's answers to the start-up calls inlined into the page (start-data.ts): in the cache they are
 * fresh, so the prefetches below ask nothing, and the page's banners need no call either.
 */
function seedStartData(queryClient: QueryClient): void {
  const data = readStartData();
  if (!data) return;
  queryClient.setQueryData(systemStatusQueryOptions.queryKey, data.status);
  queryClient.setQueryData(whitelabelQueryOptions(data.host).queryKey, data.whitelabel);
  if (data.banners) {
    const { group, language, value } = data.banners;
    queryClient.setQueryData(bannersQueryOptions(group, language).queryKey, value);
  }
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');

  // Start everything the first screen needs at once: the two start-up calls, the current page's code
  // (the router resolves its lazy route immediately) and the texts of the stored language. None of it is
  // awaited: the prerendered first screen (first-screen-shell.tsx) is hydrated at once, and RootView
  // replaces it with the site when the calls and the texts are in.
  const queryClient = createQueryClient();
  seedStartData(queryClient);
  void queryClient.prefetchQuery(systemStatusQueryOptions);
  void queryClient.prefetchQuery(whitelabelQueryOptions(window.location.host));
  const router = createBrowserRouter(createRoutes());
  addInlineTexts();
  const texts = initI18n(toI18nLanguage(readStoredLanguage() ?? DEFAULT_LANGUAGE));

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RootView router={router} />
      </AppProviders>
    </StrictMode>
  );
  // index.html carries the first screen prerendered at build time (scripts/prerender.mjs); a build without
  // it (the dev server) renders from scratch.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
  // The texts the first screen does not show (dialogs, other pages) follow once the browser is idle, so
  // they never compete with the first paint; pages and dialogs await them anyway (lib/i18n.ts).
  await texts;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  whenIdle(() => void loadAllNamespaces());
}

void start();
