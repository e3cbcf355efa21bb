import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../app/theme.ts';

type RenderUiOptions = {
  /** Where the memory router starts. */
  path?: string;
  /** 'default' keeps Mantine's transitions and portals (the modal's timing tests need them). */
  mantineEnv?: 'default' | 'test';
};

/**
 * Renders one component with what the app gives every feature: Mantine, a fresh TanStack Query client
 * (no retries, nothing stale), i18n and a memory router whose every path renders `ui` (so navigation can be
 * observed through `router.state.location`).
 */
export function renderUi(ui: ReactNode, { path = '/', mantineEnv = 'test' }: RenderUiOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <MantineProvider theme={theme} env={mantineEnv}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

export type FetchRoute = (url: URL) => unknown | Response | undefined;

/**
 * Stubs `fetch` with envelopes: `routes` maps a path (without query) to the `value` to answer, or to a
 * function of the URL returning the value, a Response, or undefined for a 404 envelope. Unknown paths → 404.
 */
export function stubFetch(routes: Record<string, FetchRoute | object>) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[url.pathname];
    const answer = typeof route === 'function' ? (route as FetchRoute)(url) : route;
    if (answer instanceof Response) return answer;
    if (answer === undefined) {
      return Response.json({ success: false, message: 'not_found', value: null }, { status: 404 });
    }
    return Response.json({ success: true, message: 'ok', value: answer });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}
