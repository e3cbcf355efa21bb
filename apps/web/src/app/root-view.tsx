import { SUPPORTED_LANGUAGES } from '@lotus/shared/constants';
import { Group } from '@mantine/core';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { BrandLoader } from '../components/ui/brand-loader.tsx';
import { LanguageSelector } from '../features/language/components/language-selector.tsx';
import { useSystemStatus } from '../features/system/api/get-system-status.ts';
import { StartError } from '../features/system/components/start-error.tsx';
import { ThemeToggle } from '../features/theme/components/theme-toggle.tsx';
import { ApiError, NETWORK_ERROR } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';
import { useTranslation } from '../lib/i18n-react.tsx';
import { useWhitelabel } from '../lib/system/get-whitelabel.ts';
import { FirstScreenShell } from './first-screen-shell.tsx';
import { SiteProvider } from './site-context.tsx';
import { useStartLanguage } from './use-start-language.ts';

// Rarely shown: kept out of the first bundle.
const MaintenancePage = lazy(() =>
  import('../features/system/components/maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })),
);
const RegionBlockedPage = lazy(() =>
  import('../features/system/components/region-blocked-page.tsx').then((m) => ({
    default: m.RegionBlockedPage,
  })),
);

type AppRouter = Parameters<typeof RouterProvider>[0]['router'];

function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : NETWORK_ERROR;
}

/** True once the start sequence's texts are in (main.tsx starts them beside the first render). */
function useTextsReady(): boolean {
  return useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language !== '',
    () => false,
  );
}

/**
 * SPEC §2 "Root view by system status": 0 the site, 1 maintenance, 2 region restricted. Waits for the
 * status and the brand configuration (fetched in parallel from main.tsx), for the start texts and for the
 * brand's language, showing the prerendered first screen meanwhile (first-screen-shell.tsx).
 */
export function RootView({ router }: { router: AppRouter }) {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const whitelabel = useWhitelabel();
  const textsReady = useTextsReady();
  // The brand's language is settled against the start language, so only once that one is in.
  const languageSettled = useStartLanguage(
    textsReady ? whitelabel.data : undefined,
    textsReady && whitelabel.isError,
  );
  const loader = <BrandLoader label={t('status.loading')} />;

  if (status.isPending || whitelabel.isPending || !textsReady || !languageSettled) {
    return <FirstScreenShell />;
  }

  const retry = () => {
    void status.refetch();
    void whitelabel.refetch();
  };
  if (status.isError) {
    return <StartError errorCode={errorCodeOf(status.error)} onRetry={retry} retrying={status.isFetching} />;
  }

  const liveChatUrl = whitelabel.data?.customerService.liveChatUrl ?? null;
  const toolbar = (
    <Group gap={6}>
      <LanguageSelector
        supportedLanguages={whitelabel.data?.site.supportedLanguages ?? SUPPORTED_LANGUAGES}
      />
      <ThemeToggle />
    </Group>
  );
  if (status.data.status === 1) {
    return (
      <Suspense fallback={loader}>
        <MaintenancePage status={status.data} liveChatUrl={liveChatUrl} toolbar={toolbar} />
      </Suspense>
    );
  }
  if (status.data.status === 2) {
    return (
      <Suspense fallback={loader}>
        <RegionBlockedPage status={status.data} liveChatUrl={liveChatUrl} toolbar={toolbar} />
      </Suspense>
    );
  }
  if (whitelabel.isError) {
    return (
      <StartError
        errorCode={errorCodeOf(whitelabel.error)}
        onRetry={retry}
        retrying={whitelabel.isFetching}
      />
    );
  }

  return (
    <SiteProvider permission={whitelabel.data}>
      <RouterProvider router={router} />
    </SiteProvider>
  );
}
