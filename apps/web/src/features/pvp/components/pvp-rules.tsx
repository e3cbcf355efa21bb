import type { PvpTable } from '@lotus/shared/pvp.schema';
import { PVP_TURN_MS } from '@lotus/shared/pvp-constants';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';

/** The room's stakes and rules: boot, buy-in, limits, the rake (per cent and cap), the clock, no bots. */
export function PvpRules({ table, symbol }: { table: PvpTable; symbol: string }) {
  const { t } = useTranslation('pvp');
  const money = (minor: string) => moneyText(minor, symbol);
  const { stakes } = table;
  const buyIn: [string, string] = [
    t('rules.buyIn'),
    `${money(stakes.minBuyInMinor)} – ${money(stakes.maxBuyInMinor)}`,
  ];
  const rake = { percent: (stakes.rakeBps / 100).toLocaleString('en-IN'), cap: money(stakes.rakeCapMinor) };
  const seconds = PVP_TURN_MS / 1000;
  const rows: [string, string, string?][] =
    stakes.kind === 'rummy'
      ? [
          [t('rules.pointValue'), money(stakes.pointValueMinor)],
          [t('rules.hold'), t('rules.holdText', { amount: money(stakes.holdMinor) })],
          buyIn,
          [t('rules.rake'), t('rules.rakeRummyText', rake), 'pvp-rules-rake'],
          [t('rules.turnTime'), t('rules.turnTimeRummyText', { seconds, misses: stakes.maxMissedTurns })],
        ]
      : [
          [t('rules.boot'), money(stakes.bootMinor)],
          buyIn,
          [t('rules.chaalLimit'), money(stakes.maxStakeMinor)],
          [t('rules.potLimit'), money(stakes.potLimitMinor)],
          [t('rules.rake'), t('rules.rakeText', rake), 'pvp-rules-rake'],
          [t('rules.turnTime'), t('rules.turnTimeText', { seconds })],
        ];
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="pvp-rules-title"
      data-testid="pvp-rules"
    >
      <Title order={2} size="h5" id="pvp-rules-title" mb="xs">
        {t('rules.title')}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value, testId]) => (
            <Table.Tr key={label}>
              <Table.Th w="42%" fz="sm">
                {label}
              </Table.Th>
              <Table.Td fz="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" mt="xs">
        {t(stakes.kind === 'rummy' ? 'rules.howToRummy' : 'rules.howTo')}
      </Text>
      <Text size="sm" mt="xs" fw={600} data-testid="pvp-bot-policy">
        {t('botPolicy')}
      </Text>
      {table.hand ? (
        <Text size="xs" c="dimmed" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {t('table.fairness', { hash: table.hand.serverSeedHash })}
        </Text>
      ) : null}
    </Paper>
  );
}
