import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** The loading line of a section (role=status, so screen readers hear it). */
export function SectionLoading({ testId }: { testId: string }) {
  const { t } = useTranslation('agents');
  return (
    <Group justify="center" py="xl" role="status" data-testid={testId}>
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm" c="dimmed">
        {t('loading')}
      </Text>
    </Group>
  );
}

/** A failed load with its reason and a retry. */
export function SectionError({
  message,
  onRetry,
  testId,
}: {
  message: string;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation('agents');
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="default" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
