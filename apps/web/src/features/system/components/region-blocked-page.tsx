import type { SystemStatus } from '@lotus/shared/system.schema';
import { Button, Code, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BanIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { StatusScreen } from './status-screen.tsx';

type RegionBlockedPageProps = { status: SystemStatus; liveChatUrl: string | null; toolbar?: ReactNode };

/** Root view for status 2 (SPEC §2): the visitor's IP, the block message, customer service. */
export function RegionBlockedPage({ status, liveChatUrl, toolbar }: RegionBlockedPageProps) {
  const { t } = useTranslation();
  const serviceUrl = status.customerServiceUrl ?? liveChatUrl;

  return (
    <StatusScreen
      testId="region-blocked-page"
      icon={<BanIcon size={30} />}
      title={t('regionBlocked.title')}
      message={t('errors:info_ip_block')}
      toolbar={toolbar}
    >
      <Text size="sm">
        {t('regionBlocked.yourIp')}{' '}
        <Code fz="sm" data-testid="visitor-ip">
          {status.ip}
        </Code>
      </Text>
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
    </StatusScreen>
  );
}
