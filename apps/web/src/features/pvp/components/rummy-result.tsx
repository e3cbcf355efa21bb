import type { PvpEvent, PvpTable } from '@lotus/shared/pvp.schema';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { rummyCardText } from '../utils/event-text.ts';

type Ev<T extends PvpEvent['type']> = Extract<PvpEvent, { type: T }>;

/** The last finished hand's events (from its `dealt` on), or null while a hand runs or none is in view. */
function lastHand(table: PvpTable): PvpEvent[] | null {
  if (table.hand !== null) return null;
  const events = table.lastEvents;
  let start = -1;
  events.forEach((event, index) => {
    if (event.type === 'dealt') start = index;
  });
  return start < 0 ? null : events.slice(start);
}

/**
 * The show's result after a Rummy hand: the winner's groups if they declared, then each player's points
 * and money (the losers' penalty or count, the winner's winnings after the rake).
 */
export function RummyResult({ table, symbol }: { table: PvpTable; symbol: string }) {
  const { t } = useTranslation('pvp');
  const events = lastHand(table);
  if (!events) return null;
  const won = events.find((e): e is Ev<'won'> => e.type === 'won');
  if (!won) return null;
  const hand = events[0]?.type === 'dealt' ? events[0].hand : 0;
  const lost = events.filter((e): e is Ev<'lost'> => e.type === 'lost');
  const declared = events.find((e): e is Ev<'declared'> => e.type === 'declared' && e.valid);
  const money = (minor: string) => moneyText(minor, symbol);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="rummy-result-title"
      data-testid="rummy-result"
    >
      <Title order={2} size="h5" id="rummy-result-title" mb="xs">
        {t('rummy.resultTitle', { hand })}
      </Title>
      <Text size="sm" fw={700} c="teal" data-testid="rummy-result-winner">
        {t('rummy.resultWinner', { nick: won.nick, amount: money(won.amountMinor) })}
      </Text>
      {declared ? (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {t('rummy.declaredBy', { nick: won.nick })}:{' '}
          {declared.groups.map((group) => group.map((id) => rummyCardText(t, id)).join(' ')).join(' | ')}
        </Text>
      ) : null}
      <Table mt="xs" layout="fixed" fz="sm" verticalSpacing={4} data-testid="rummy-result-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rummy.resultPlayer')}</Table.Th>
            <Table.Th>{t('rummy.resultHow')}</Table.Th>
            <Table.Th ta="right">{t('rummy.resultPoints')}</Table.Th>
            <Table.Th ta="right">{t('rummy.resultAmount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lost.map((row) => (
            <Table.Tr key={row.seat} data-testid="rummy-result-row">
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.nick}</Table.Td>
              <Table.Td>{t(`rummy.lossReasons.${row.reason}`)}</Table.Td>
              <Table.Td ta="right">{row.points}</Table.Td>
              <Table.Td ta="right">−{money(row.amountMinor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
