import { SUPPORTED_LANGUAGES } from '@lotus/shared/constants';
import { Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { BrandLoader } from '../components/ui/brand-loader.tsx';
import { LanguageSelector } from '../features/language/components/language-selector.tsx';
import { useSystemStatus } from '../features/system/api/get-system-status.ts';
import { StartError } from '../features/system/components/start-error.tsx';
import { ThemeToggle } from '../features/theme/components/theme-toggle.tsx';
import { ApiError, NETWORK_ERROR } from '../lib/api-client.ts';
import { useWhitelabel } from '../lib/system/get-whitelabel.ts';
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

/**
 * SPEC §2 "Root view by system status": 0 the site, 1 maintenance, 2 region restricted. Waits for the
 * status and the brand configuration (fetched in parallel from main.tsx) and for the brand's language.
 */
export function RootView({ router }: { router: AppRouter }) {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const whitelabel = useWhitelabel();
  const languageSettled = useStartLanguage(whitelabel.data, whitelabel.isError);
  const loader = <BrandLoader label={t('status.loading')} />;

  if (status.isPending || whitelabel.isPending || !languageSettled) return loader;

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
