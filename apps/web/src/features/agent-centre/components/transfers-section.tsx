import {
  type DateShortcut,
  dateRangeShortcut,
  daysInRange,
  RECORD_DATE_SHORTCUTS,
  RECORD_MAX_RANGE_DAYS,
  todayUtc,
} from '@lotus/shared/date-ranges';
import { Badge, Button, Group, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { useAgentTransfers } from '../api/get-agent-transfers.ts';
import { ListFooter } from './list-footer.tsx';
import { SectionError, SectionLoading } from './section-state.tsx';

/** Downline transaction details: transfers between the agent and its direct downline, by date range. */
export function TransfersSection({ symbol }: { symbol: string }) {
  const { t } = useTranslation('agents');
  const [range, setRange] = useState(() => dateRangeShortcut('last7', todayUtc()));
  const [draft, setDraft] = useState(range);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const list = useAgentTransfers({ page, from: range.startDate, to: range.endDate });

  const apply = (next: { startDate: string; endDate: string }) => {
    const days = daysInRange(next.startDate, next.endDate);
    if (days === null || days < 1) {
      setRangeError(t('transfers.badRange'));
      return;
    }
    if (days > RECORD_MAX_RANGE_DAYS) {
      setRangeError(t('transfers.tooLong', { days: RECORD_MAX_RANGE_DAYS }));
      return;
    }
    setRangeError(null);
    setDraft(next);
    setRange(next);
    setPage(1);
  };
  const shortcut = (name: DateShortcut) => apply(dateRangeShortcut(name, todayUtc()));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  let body: ReactNode;
  if (list.isPending) body = <SectionLoading testId="agent-transfers-loading" />;
  else if (list.isError) {
    body = (
      <SectionError
        message={messageForApiError(t, list.error)}
        onRetry={() => void list.refetch()}
        testId="agent-transfers-error"
      />
    );
  } else if (list.data.list.length === 0) {
    body = <EmptyBlock title={t('transfers.empty')} testId="agent-transfers-empty" />;
  } else {
    body = (
      <Stack gap="sm">
        <ScrollArea type="auto">
          <Table striped miw={520} data-testid="agent-transfers-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transfers.time')}</Table.Th>
                <Table.Th>{t('transfers.direction')}</Table.Th>
                <Table.Th>{t('transfers.counterpart')}</Table.Th>
                <Table.Th ta="right">{t('transfers.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.list.map((row) => (
                <Table.Tr key={row.id} data-testid="agent-transfer-row">
                  <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.direction === 'to_downline' ? 'orange' : 'teal'}>
                      {t(`transfers.${row.direction}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.counterpart}</Table.Td>
                  <Table.Td ta="right">
                    {row.direction === 'to_downline' ? '-' : '+'}
                    {moneyText(row.amountMinor, symbol)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <ListFooter
          totalText={t('transfers.total', { count: list.data.total })}
          totalPages={list.data.totalPages}
          page={page}
          onPage={setPage}
          testId="agent-transfers"
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="agent-transfers">
      <Group gap="xs" role="group" aria-label={t('transfers.shortcuts')}>
        {RECORD_DATE_SHORTCUTS.map((name) => (
          <Button
            key={name}
            size="compact-sm"
            variant="default"
            onClick={() => shortcut(name)}
            data-testid={`agent-transfers-${name}`}
          >
            {t(`transfers.shortcut.${name}`)}
          </Button>
        ))}
      </Group>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="xs">
          <TextInput
            type="date"
            label={t('transfers.from')}
            value={draft.startDate}
            onChange={(event) => {
              const startDate = event.currentTarget.value;
              setDraft((old) => ({ ...old, startDate }));
            }}
            data-testid="agent-transfers-from"
          />
          <TextInput
            type="date"
            label={t('transfers.to')}
            value={draft.endDate}
            onChange={(event) => {
              const endDate = event.currentTarget.value;
              setDraft((old) => ({ ...old, endDate }));
            }}
            data-testid="agent-transfers-to"
          />
          <Button type="submit" variant="default" data-testid="agent-transfers-apply">
            {t('transfers.apply')}
          </Button>
        </Group>
        {rangeError ? (
          <Text size="sm" c="red" role="alert" mt="xs" data-testid="agent-transfers-range-error">
            {rangeError}
          </Text>
        ) : null}
      </form>
      {body}
    </Stack>
  );
}
