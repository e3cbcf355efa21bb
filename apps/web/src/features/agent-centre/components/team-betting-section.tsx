import type { DateRange } from '@lotus/shared/date-ranges';
import { GAME_TYPES } from '@lotus/shared/game-types';
import { Badge, Group, NativeSelect, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { useDownlines } from '../api/get-downlines.ts';
import { useTeamBetting } from '../api/get-team-betting.ts';
import { BettingTotals, GameTypeTable, NetText, useGameTypeLabel } from './betting-figures.tsx';
import { ListFooter } from './list-footer.tsx';
import { defaultRange, RangeFilter } from './range-filter.tsx';
import { QueryBody } from './section-state.tsx';
import { TeamNetChart } from './team-net-chart.tsx';

/** The game types offered in the filter: every type the platform knows (zod-free module). */
const GAME_TYPE_CHOICES = GAME_TYPES;

/** The downline filter lists the newest direct downline members, up to the API's page size. */
const DOWNLINE_CHOICES = 100;

/**
 * Team betting: the team's settled play in a range — totals, per game type, and per direct downline (each
 * row sums that member's own play and its whole subtree's) — narrowed to a game type or one downline.
 */
export function TeamBettingSection({ symbol }: { symbol: string }) {
  const { t } = useTranslation('agents');
  const label = useGameTypeLabel();
  const [range, setRange] = useState(() => defaultRange());
  const [filter, setFilter] = useState({ gameType: '', downline: '' });
  const [draft, setDraft] = useState(filter);
  const [page, setPage] = useState(1);
  const report = useTeamBetting({ page, from: range.startDate, to: range.endDate, ...filter });
  const downlines = useDownlines({ page: 1, pageSize: DOWNLINE_CHOICES, username: '' });

  const apply = (next: DateRange) => {
    setRange(next);
    setFilter(draft);
    setPage(1);
  };

  return (
    <Stack gap="md" data-testid="agent-betting">
      <RangeFilter
        range={range}
        onApply={apply}
        testId="agent-betting"
        extra={
          <>
            <NativeSelect
              label={t('betting.gameType')}
              value={draft.gameType}
              onChange={(event) => {
                const gameType = event.currentTarget.value;
                setDraft((old) => ({ ...old, gameType }));
              }}
              data={[
                { value: '', label: t('betting.allGameTypes') },
                ...[...GAME_TYPE_CHOICES, 'OTHER'].map((value) => ({ value, label: label(value) })),
              ]}
              data-testid="agent-betting-game-type"
            />
            <NativeSelect
              label={t('betting.downline')}
              value={draft.downline}
              onChange={(event) => {
                const downline = event.currentTarget.value;
                setDraft((old) => ({ ...old, downline }));
              }}
              data={[
                { value: '', label: t('betting.wholeTeam') },
                ...(downlines.data?.list ?? []).map((member) => ({
                  value: member.id,
                  label: member.username,
                })),
              ]}
              data-testid="agent-betting-downline"
            />
          </>
        }
      />
      <QueryBody
        query={report}
        testId="agent-betting"
        isEmpty={(data) => data.totals.rounds === 0}
        emptyText={t('betting.empty')}
      >
        {(data) => (
          <Stack gap="md">
            <BettingTotals
              totals={data.totals}
              symbol={symbol}
              activeMembers={data.activeMembers}
              testId="agent-betting-totals"
            />
            <Text size="xs" c="dimmed">
              {t('betting.netNote')}
            </Text>
            <TeamNetChart days={data.byDay} symbol={symbol} />
            <Title order={3} size="h5">
              {t('betting.byGameType')}
            </Title>
            <GameTypeTable rows={data.byGameType} symbol={symbol} />
            <Title order={3} size="h5">
              {t('betting.byDownline')}
            </Title>
            <ScrollArea type="auto">
              <Table striped miw={640} data-testid="agent-betting-downlines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('betting.downline')}</Table.Th>
                    <Table.Th ta="right">{t('betting.activeMembers')}</Table.Th>
                    <Table.Th ta="right">{t('betting.validTurnover')}</Table.Th>
                    <Table.Th ta="right">{t('betting.payout')}</Table.Th>
                    <Table.Th ta="right">{t('betting.net')}</Table.Th>
                    <Table.Th ta="right">{t('betting.rounds')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.list.map((row) => (
                    <Table.Tr key={row.downline.id} data-testid="agent-betting-row">
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" fw={600}>
                            {row.downline.username}
                          </Text>
                          {row.downline.isAgent ? (
                            <Badge size="xs" variant="light">
                              {t('downlines.agent')}
                            </Badge>
                          ) : null}
                        </Group>
                        {row.byGameType.length > 0 ? (
                          <Text size="xs" c="dimmed">
                            {row.byGameType.map((figures) => label(figures.gameType)).join(', ')}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">{row.activeMembers}</Table.Td>
                      <Table.Td ta="right">{moneyText(row.totals.validTurnoverMinor, symbol)}</Table.Td>
                      <Table.Td ta="right">{moneyText(row.totals.payoutMinor, symbol)}</Table.Td>
                      <Table.Td ta="right">
                        <NetText minor={row.totals.netMinor} symbol={symbol} />
                      </Table.Td>
                      <Table.Td ta="right">{row.totals.rounds}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <ListFooter
              totalText={t('betting.total', { count: data.total })}
              totalPages={data.totalPages}
              page={page}
              onPage={setPage}
              testId="agent-betting"
            />
          </Stack>
        )}
      </QueryBody>
    </Stack>
  );
}
