import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { LazyAppModal } from '../../../components/ui/lazy-app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { CustomerServiceState } from '../hooks/use-open-customer-service.ts';

type CustomerServiceDialogProps = { state: CustomerServiceState; onClose: () => void };

/**
 * What the visitor is told when the chat window could not open: the browser blocked the pop-up (with the
 * chat offered as an ordinary link, which no blocker stops), or the line could not be reached.
 */
export function CustomerServiceDialog({ state, onClose }: CustomerServiceDialogProps) {
  const { t } = useTranslation(['chrome', 'errors', 'common']);
  const opened = state.status === 'blocked' || state.status === 'failed';
  return (
    <LazyAppModal
      opened={opened}
      onClose={onClose}
      title={t('customerService.title')}
      testId="customer-service-dialog"
    >
      {state.status === 'blocked' ? (
        <Stack gap="md" data-testid="customer-service-blocked">
          <Text>{t('errors:popup_blocked')}</Text>
          <Group justify="flex-end">
            {state.url ? (
              <Button
                component="a"
                href={state.url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onClose}
                data-testid="customer-service-link"
              >
                {t('customerService.openChat')}
              </Button>
            ) : (
              <Loader size="sm" aria-label={t('common:status.loading')} />
            )}
          </Group>
        </Stack>
      ) : state.status === 'failed' ? (
        <Stack gap="md" data-testid="customer-service-failed">
          <Text>{t(`errors:${state.code}`, { defaultValue: t('errors:unknown_error') })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </LazyAppModal>
  );
}
