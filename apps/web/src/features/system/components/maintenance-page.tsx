import type { SystemStatus } from '@lotus/shared/system.schema';
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { RefreshIcon, ToolIcon } from '../../../components/ui/icons.tsx';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { StatusScreen } from './status-screen.tsx';

type MaintenancePageProps = {
  status: SystemStatus;
  /** Whitelabel live-chat line, used when the status carries no customer-service URL. */
  liveChatUrl: string | null;
  toolbar?: ReactNode;
};

/** Root view for status 1 (SPEC §2): title, the operator's message, customer service, refresh. */
export function MaintenancePage({ status, liveChatUrl, toolbar }: MaintenancePageProps) {
  const { t, i18n } = useTranslation();
  const code = toBrandLanguage(i18n.language);
  const operatorMessage =
    status.maintenanceMessage?.[code] ?? status.maintenanceMessage?.[code.toLowerCase()];
  const serviceUrl = status.customerServiceUrl ?? liveChatUrl;

  return (
    <StatusScreen
      testId="maintenance-page"
      icon={<ToolIcon size={30} />}
      title={t('maintenance.title')}
      message={operatorMessage?.trim() ? operatorMessage : t('errors:info_maintenance')}
      toolbar={toolbar}
    >
      <Group justify="center" gap="sm">
        <Button leftSection={<RefreshIcon size={18} />} onClick={() => window.location.reload()}>
          {t('actions.refresh')}
        </Button>
        {serviceUrl ? (
          <Button
            component="a"
            variant="default"
            href={serviceUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="customer-service-link"
          >
            {t('actions.customerService')}
          </Button>
        ) : null}
      </Group>
    </StatusScreen>
  );
}
