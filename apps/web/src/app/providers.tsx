import {
  localStorageColorSchemeManager,
  MantineContext,
  MantineProvider,
  MantineThemeProvider,
  useProviderColorScheme,
} from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { theme } from './theme.ts';

// Same localStorage key as public/theme-init.js, which applies it before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });
const getRootElement = () => document.documentElement;

type MantineEnv = 'default' | 'test';

/**
 * MantineProvider without the two style elements it renders (the theme's CSS variables and its global
 * classes), for the production build (issue 15): scripts/prerender.mjs renders them once at build time into
 * index.html's <head>, so the browser neither builds them again nor downloads the code that does (3.5 kB gzip
 * of the first load). The rest is MantineProvider's own: its context, the theme, and the colour scheme kept
 * on <html> and in localStorage. The dev server and the tests keep MantineProvider itself.
 */
function PrebuiltStylesMantineProvider({ env, children }: { env: MantineEnv; children: ReactNode }) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    manager: colorSchemeManager,
    defaultColorScheme: 'light',
    getRootElement,
    forceColorScheme: undefined,
  });
  return (
    <MantineContext
      value={{
        colorScheme,
        setColorScheme,
        clearColorScheme,
        getRootElement,
        classNamesPrefix: 'mantine',
        cssVariablesSelector: ':root',
        withStaticClasses: true,
        env,
      }}
    >
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}

/** MantineProvider as the app configures it; the prerender renders its style elements from this. */
export function FullMantineProvider({
  env = 'default',
  children,
}: {
  env?: MantineEnv;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}

const AppMantineProvider = import.meta.env.PROD ? PrebuiltStylesMantineProvider : FullMantineProvider;

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (unit tests only). */
  mantineEnv?: MantineEnv;
};

export function AppProviders({ queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
  return (
    <AppMantineProvider env={mantineEnv}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppMantineProvider>
  );
}
