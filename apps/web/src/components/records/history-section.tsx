import { Alert, Group, Loader, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messageForApiError } from '../../lib/forms/validation.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { EmptyBlock } from '../ui/empty-block.tsx';
import { ListPager } from '../ui/list-pager.tsx';

type HistorySectionProps<T> = {
  /** `deposit-history` → the section, `-title`, `-error` and `-empty` test ids and the heading's id. */
  testId: string;
  title: string;
  loadingLabel: string;
  emptyTitle: string;
  list: UseQueryResult<{ list: T[]; totalPages: number }>;
  pageNo: number;
  onPageChange: (pageNo: number) => void;
  /** The rows of the current page (never empty). */
  children: (rows: T[]) => ReactNode;
};

/**
 * A member's paged money history (deposits, withdrawals) under the form: loading, a failure as an alert,
 * an empty state, or the page's rows and a pager.
 */
export function HistorySection<T>({
  testId,
  title,
  loadingLabel,
  emptyTitle,
  list,
  pageNo,
  onPageChange,
  children,
}: HistorySectionProps<T>) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <Title order={2} fz="lg" id={`${testId}-title`}>
        {title}
      </Title>
      {list.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={loadingLabel} />
        </Group>
      ) : list.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid={`${testId}-error`}>
          {messageForApiError(t, list.error)}
        </Alert>
      ) : list.data.list.length === 0 ? (
        <EmptyBlock testId={`${testId}-empty`} title={emptyTitle} />
      ) : (
        <>
          {children(list.data.list)}
          <ListPager totalPages={list.data.totalPages} pageNo={pageNo} onChange={onPageChange} size="sm" />
        </>
      )}
    </Stack>
  );
}
