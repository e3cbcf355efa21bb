import type { Permission, SystemStatus } from '@lotus/shared/system.schema';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { RootView } from '../app/root-view.tsx';
import { createRoutes } from '../app/router.tsx';
import { i18n, initI18n, loadAllNamespaces, loadNamespaces, MEMBER_NAMESPACES } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { makePermission, makeStatus } from './fixtures.ts';

type ApiStub = { status?: SystemStatus | 'network-error'; permission?: Permission };

/** Answers the two start-up calls like the server would, with envelopes. */
export function stubApi({ status = makeStatus(), permission = makePermission() }: ApiStub = {}) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/wps/system/status')) {
      if (status === 'network-error') throw new TypeError('Failed to fetch');
      return Response.json({ success: true, message: 'ok', value: status });
    }
    if (url.startsWith('/wps/system/whitelabel')) {
      return Response.json({ success: true, message: 'ok', value: permission });
    }
    return Response.json({ success: false, message: 'not_found', value: null }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

/**
 * Fresh English texts for each test (the i18n instance is shared by the whole test file): every namespace,
 * as the app has them once its start sequence has run (main.tsx loads the rest right after the first paint)
 * and a member's screens have loaded theirs (MEMBER_NAMESPACES), so a component test needs no route.
 */
export async function resetLanguage(language = 'en') {
  await initI18n(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  await Promise.all([loadAllNamespaces(), loadNamespaces(MEMBER_NAMESPACES)]);
}

/** Renders the whole app (providers, root view, every route) at `path`, like main.tsx does. */
export function renderApp(path: string, api: ApiStub = {}) {
  stubApi(api);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RootView router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Waits for the layout root (the page's lazy code has loaded and the guard has run). */
export function findLayout() {
  return screen.findByTestId('layout', {}, { timeout: 4000 });
}
