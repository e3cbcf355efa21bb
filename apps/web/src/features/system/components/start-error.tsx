import { Button } from '@mantine/core';
import { AlertIcon, RefreshIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { StatusScreen } from './status-screen.tsx';

type StartErrorProps = { errorCode: string; onRetry: () => void; retrying: boolean };

/** The first requests failed (API unreachable or refusing): say so and offer a retry. */
export function StartError({ errorCode, onRetry, retrying }: StartErrorProps) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="start-error"
      icon={<AlertIcon size={30} />}
      title={t('startError.title')}
      message={t(`errors:${errorCode}`, { defaultValue: t('errors:unknown_error') })}
    >
      <Button leftSection={<RefreshIcon size={18} />} onClick={onRetry} loading={retrying}>
        {t('actions.retry')}
      </Button>
    </StatusScreen>
  );
}
