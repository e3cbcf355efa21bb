import { Button, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { ApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { EmptyBlock } from './empty-block.tsx';
import { AlertIcon } from './icons.tsx';

type LoadingRowsProps = {
  /** How many placeholder rows; the last one may be shorter, like the end of a paragraph. */
  rows: number;
  height: number;
  lastWidth?: string;
  gap?: 'xs' | 'sm';
  testId?: string;
};

/** The loading state of a list or a text: skeleton rows, busy for assistive technology, "Loading" read out. */
export function LoadingRows({ rows, height, lastWidth, gap = 'xs', testId }: LoadingRowsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={gap} aria-busy="true" data-testid={testId}>
      <VisuallyHidden role="status">{t('common:status.loading')}</VisuallyHidden>
      {Array.from({ length: rows }, (_, index) => index).map((row) => (
        <Skeleton key={row} height={height} width={row === rows - 1 ? lastWidth : undefined} />
      ))}
    </Stack>
  );
}

/** The i18n key of a failed request's message: its error code, or the generic one. */
export function errorKeyOf(error: unknown): string {
  return `errors:${error instanceof ApiError ? error.code : 'unknown_error'}`;
}

/** A request that failed: its translated error and a retry. */
export function LoadFailed({
  error,
  onRetry,
  testId,
}: {
  error: unknown;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <EmptyBlock
      testId={testId}
      icon={<AlertIcon size={28} />}
      title={t(errorKeyOf(error))}
      actions={<Button onClick={onRetry}>{t('common:actions.retry')}</Button>}
    />
  );
}
