import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createQueryClient } from '../lib/query-client.ts';
import { FirstScreenShell } from './first-screen-shell.tsx';
import { AppProviders } from './providers.tsx';

/**
 * The first screen's markup for index.html (issue 15), rendered at build time by scripts/prerender.mjs from
 * a server build of this file. It is what main.tsx's first render produces before any answer has arrived —
 * the providers around RootView's waiting state, the first screen shell — so the browser hydrates it as is.
 */
export function renderFirstScreen(): string {
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <FirstScreenShell />
      </AppProviders>
    </StrictMode>,
  );
}
