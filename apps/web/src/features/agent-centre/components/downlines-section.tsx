import type { DownlineItem } from '@lotus/shared/agents.schema';
import type { AgentTransferResult } from '@lotus/shared/wallet.schema';
import { Button, Group, ScrollArea, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { AGENT_KEYS } from '../api/agent-keys.ts';
import { useDownlines } from '../api/get-downlines.ts';
import { DownlineTransferDialog } from './downline-transfer-dialog.tsx';
import { ListFooter } from './list-footer.tsx';
import { SectionError, SectionLoading } from './section-state.tsx';

const PAGE_SIZE = 10;

/** Downline management: the direct downline, searchable and paged, each with a transfer action. */
export function DownlinesSection({ symbol }: { symbol: string }) {
  const { t } = useTranslation('agents');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<DownlineItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useDownlines({ page, pageSize: PAGE_SIZE, username: applied });

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setApplied(search.trim());
    setPage(1);
  };

  const onDone = (result: AgentTransferResult) => {
    setTarget(null);
    setDone(
      t('transfer.done', {
        amount: moneyText(result.amountMinor, symbol),
        username: result.to,
        main: moneyText(result.main.balanceMinor, symbol),
      }),
    );
    // The downline's balance in this list, the overview's sums and the header's balance all moved.
    void queryClient.invalidateQueries({ queryKey: AGENT_KEYS.all });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };

  let body: ReactNode;
  if (list.isPending) body = <SectionLoading testId="agent-downlines-loading" />;
  else if (list.isError) {
    body = (
      <SectionError
        message={messageForApiError(t, list.error)}
        onRetry={() => void list.refetch()}
        testId="agent-downlines-error"
      />
    );
  } else if (list.data.list.length === 0) {
    body = (
      <EmptyBlock
        title={applied === '' ? t('downlines.empty') : t('downlines.noMatch', { username: applied })}
        testId="agent-downlines-empty"
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={640} data-testid="agent-downlines-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('downlines.username')}</Table.Th>
                <Table.Th>{t('downlines.type')}</Table.Th>
                <Table.Th>{t('downlines.createdAt')}</Table.Th>
                <Table.Th>{t('downlines.lastLogin')}</Table.Th>
                <Table.Th ta="right">{t('downlines.balance')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('downlines.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.list.map((row) => (
                <Table.Tr key={row.id} data-testid="agent-downline-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.username}
                    </Text>
                    {row.nickname ? (
                      <Text size="xs" c="dimmed">
                        {row.nickname}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{row.memberType === 0 ? t('downlines.player') : t('downlines.agent')}</Table.Td>
                  <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                  <Table.Td>
                    {row.lastLoginAt ? formatDateTime(row.lastLoginAt) : t('downlines.never')}
                  </Table.Td>
                  <Table.Td ta="right">{moneyText(row.balanceMinor, symbol)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setTarget(row)}
                      aria-label={t('downlines.transferTo', { username: row.username })}
                      data-testid={`agent-transfer-${row.username}`}
                    >
                      {t('downlines.transfer')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <ListFooter
          totalText={t('downlines.total', { count: list.data.total })}
          totalPages={list.data.totalPages}
          page={page}
          onPage={setPage}
          testId="agent-downlines"
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="agent-downlines">
      <search>
        <form onSubmit={submitSearch}>
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('downlines.search')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maxLength={64}
              data-testid="agent-downlines-search"
            />
            <Button type="submit" variant="default" data-testid="agent-downlines-search-submit">
              {t('downlines.searchSubmit')}
            </Button>
          </Group>
        </form>
      </search>
      <DoneNotice
        text={done}
        testId="agent-transfer-done"
        onDismiss={() => setDone(null)}
        dismissLabel={t('dismiss')}
      />
      {body}
      <DownlineTransferDialog
        target={target}
        symbol={symbol}
        onClose={() => setTarget(null)}
        onDone={onDone}
      />
    </Stack>
  );
}
