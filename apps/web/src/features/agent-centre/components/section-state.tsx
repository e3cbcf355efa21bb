import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
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

/**
 * The three states every agent report has before its content: loading, failed (with a retry) and empty,
 * then `children(data)`. Ids are `${testId}-loading`, `-error` and `-empty`.
 */
export function QueryBody<T>({
  query,
  testId,
  isEmpty,
  emptyText,
  children,
}: {
  query: UseQueryResult<T>;
  testId: string;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('agents');
  if (query.isPending) return <SectionLoading testId={`${testId}-loading`} />;
  if (query.isError) {
    return (
      <SectionError
        message={messageForApiError(t, query.error)}
        onRetry={() => void query.refetch()}
        testId={`${testId}-error`}
      />
    );
  }
  if (isEmpty(query.data)) return <EmptyBlock title={emptyText} testId={`${testId}-empty`} />;
  return <>{children(query.data)}</>;
}
