import type { ContractKind, SettlementStatus, SettlementView } from '@lotus/shared/agent-contracts.schema';
import type { DateRange } from '@lotus/shared/date-ranges';
import { Badge, Group, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime, formatDay } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { type SettlementRole, useSettlements } from '../api/get-settlements.ts';
import { ListFooter } from './list-footer.tsx';
import { defaultRange, RangeFilter } from './range-filter.tsx';
import { QueryBody } from './section-state.tsx';

const STATUS_COLOURS: Record<SettlementStatus, string> = {
  paid: 'teal',
  pending: 'yellow',
  awaiting_funds: 'orange',
};

/**
 * A settlement's period in words: a day (or a run of days) for daily and longer periods, a time span for
 * hourly and real-time ones. `periodEnd` is exclusive (the next period's start).
 */
export function periodSpan(settlement: SettlementView, language: string): string {
  if (settlement.period === 'hourly' || settlement.period === 'realtime') {
    return `${formatDateTime(settlement.periodStart)} – ${formatDateTime(settlement.periodEnd).slice(11, 16)}`;
  }
  const first = settlement.periodStart.slice(0, 10);
  const last = new Date(Date.parse(settlement.periodEnd) - 1).toISOString().slice(0, 10);
  return first === last
    ? formatDay(first, language)
    : `${formatDay(first, language)} – ${formatDay(last, language)}`;
}

/**
 * The settlements paid under one kind's contracts, newest first: what the agent received under its own
 * contract, or (role "paid") what it paid its downline; each with the base, the rate applied, what it was
 * entitled to and what was paid, and its status.
 */
export function SettlementsTable({ kind, symbol }: { kind: ContractKind; symbol: string }) {
  const { t, i18n } = useTranslation('agents');
  const [role, setRole] = useState<SettlementRole>('received');
  const [range, setRange] = useState(() => defaultRange());
  const [page, setPage] = useState(1);
  const list = useSettlements({ kind, role, page, from: range.startDate, to: range.endDate });
  const basis = kind === 'dividend' ? 'netLoss' : 'turnover';

  return (
    <Stack gap="sm" data-testid="agent-settlements">
      <SegmentedControl
        aria-label={t('settlements.role')}
        value={role}
        onChange={(next) => {
          setRole(next as SettlementRole);
          setPage(1);
        }}
        data={[
          { value: 'received', label: t('settlements.received') },
          { value: 'paid', label: t('settlements.paid') },
        ]}
        style={{ alignSelf: 'flex-start' }}
        data-testid="agent-settlements-role"
      />
      <RangeFilter
        range={range}
        onApply={(next: DateRange) => {
          setRange(next);
          setPage(1);
        }}
        testId="agent-settlements"
      />
      <QueryBody
        query={list}
        testId="agent-settlements"
        isEmpty={(data) => data.list.length === 0}
        emptyText={t(`settlements.empty.${role}`)}
      >
        {(data) => (
          <Stack gap="sm">
            <Text size="sm" data-testid="agent-settlements-total">
              {t(`settlements.totalPaid.${role}`, { amount: moneyText(data.totalPaidMinor, symbol) })}
            </Text>
            <ScrollArea type="auto">
              <Table striped miw={680} data-testid="agent-settlements-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('settlements.period')}</Table.Th>
                    <Table.Th>
                      {role === 'received' ? t('settlements.payer') : t('settlements.payee')}
                    </Table.Th>
                    <Table.Th ta="right">{t(`settlements.base.${basis}`)}</Table.Th>
                    <Table.Th ta="right">{t('settlements.rate')}</Table.Th>
                    <Table.Th ta="right">{t('settlements.entitled')}</Table.Th>
                    <Table.Th ta="right">{t('settlements.paidAmount')}</Table.Th>
                    <Table.Th>{t('settlements.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.list.map((row) => (
                    <Table.Tr key={row.id} data-testid="agent-settlement-row">
                      <Table.Td>{periodSpan(row, i18n.language)}</Table.Td>
                      <Table.Td>
                        {role === 'received'
                          ? (row.upline?.username ?? t('contracts.brand'))
                          : row.downline.username}
                      </Table.Td>
                      <Table.Td ta="right">
                        {moneyText(row.baseMinor, symbol)}
                        {kind === 'daily_salary' ? (
                          <Text size="xs" c="dimmed">
                            {t('settlements.activePlayers', { count: row.activePlayers })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">{`${row.rate} %`}</Table.Td>
                      <Table.Td ta="right">{moneyText(row.entitledMinor, symbol)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {moneyText(row.paidMinor, symbol)}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Badge variant="light" color={STATUS_COLOURS[row.status]}>
                            {t(`settlements.statuses.${row.status}`)}
                          </Badge>
                          {row.entries > 1 ? (
                            <Text span size="xs" c="dimmed">
                              {t('settlements.adjusted', { count: row.entries - 1 })}
                            </Text>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <ListFooter
              totalText={t('settlements.total', { count: data.total })}
              totalPages={data.totalPages}
              page={page}
              onPage={setPage}
              testId="agent-settlements"
            />
          </Stack>
        )}
      </QueryBody>
    </Stack>
  );
}
