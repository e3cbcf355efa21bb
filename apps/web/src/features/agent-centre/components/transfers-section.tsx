import type { TeamMoveFilter } from '@lotus/shared/agent-reports.schema';
import type { AgentTransferItem } from '@lotus/shared/agents.schema';
import type { DateRange } from '@lotus/shared/date-ranges';
import { Badge, Group, NativeSelect, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime, formatDay } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { TEAM_MOVE_CHOICES, useAgentTransfers } from '../api/get-agent-transfers.ts';
import { ListFooter } from './list-footer.tsx';
import { defaultRange, RangeFilter } from './range-filter.tsx';
import { QueryBody } from './section-state.tsx';

/** Money leaving the member (or the agent, for a transfer to its downline) is shown with a minus. */
const isOutgoing = (row: AgentTransferItem) => row.direction === 'to_downline' || row.direction === 'out';
/** Bets and wins come as one sum per member per day: their time is the day. */
const isDailySum = (row: AgentTransferItem) => row.type === 'bet' || row.type === 'win';

/**
 * Downline transaction details: by default the transfers between the agent and its direct downline; the
 * type filter widens it to every money move of the whole team (deposits, withdrawals, wallet transfers,
 * rewards, adjustments, and bets and wins summed per member per day).
 */
export function TransfersSection({ symbol }: { symbol: string }) {
  const { t, i18n } = useTranslation('agents');
  const [range, setRange] = useState(() => defaultRange());
  const [type, setType] = useState<TeamMoveFilter>('agent_transfer');
  const [draftType, setDraftType] = useState<TeamMoveFilter>('agent_transfer');
  const [page, setPage] = useState(1);
  const list = useAgentTransfers({ page, from: range.startDate, to: range.endDate, type });

  const apply = (next: DateRange) => {
    setRange(next);
    setType(draftType);
    setPage(1);
  };

  return (
    <Stack gap="md" data-testid="agent-transfers">
      <RangeFilter
        range={range}
        onApply={apply}
        testId="agent-transfers"
        extra={
          <NativeSelect
            label={t('transfers.type')}
            value={draftType}
            onChange={(event) => setDraftType(event.currentTarget.value as TeamMoveFilter)}
            data={TEAM_MOVE_CHOICES.map((value) => ({ value, label: t(`transfers.types.${value}`) }))}
            data-testid="agent-transfers-type"
          />
        }
      />
      <QueryBody
        query={list}
        testId="agent-transfers"
        isEmpty={(data) => data.list.length === 0}
        emptyText={type === 'agent_transfer' ? t('transfers.empty') : t('transfers.emptyTeam')}
      >
        {(data) => (
          <Stack gap="sm">
            <ScrollArea type="auto">
              <Table striped miw={600} data-testid="agent-transfers-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('transfers.time')}</Table.Th>
                    <Table.Th>{t('transfers.type')}</Table.Th>
                    <Table.Th>{t('transfers.counterpart')}</Table.Th>
                    <Table.Th ta="right">{t('transfers.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.list.map((row) => (
                    <Table.Tr key={row.id} data-testid="agent-transfer-row">
                      <Table.Td>
                        {isDailySum(row)
                          ? formatDay(row.createdAt.slice(0, 10), i18n.language)
                          : formatDateTime(row.createdAt)}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Badge variant="light" color={isOutgoing(row) ? 'orange' : 'teal'}>
                            {row.type === 'agent_transfer'
                              ? t(`transfers.${row.direction}`)
                              : t(`transfers.types.${row.type}`)}
                          </Badge>
                          {row.reversal ? (
                            <Text span size="xs" c="dimmed">
                              {t('transfers.reversal')}
                            </Text>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>{row.counterpart}</Table.Td>
                      <Table.Td ta="right">
                        {isOutgoing(row) ? '-' : '+'}
                        {moneyText(row.amountMinor, symbol)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <ListFooter
              totalText={t('transfers.total', { count: data.total })}
              totalPages={data.totalPages}
              page={page}
              onPage={setPage}
              testId="agent-transfers"
            />
          </Stack>
        )}
      </QueryBody>
    </Stack>
  );
}
