import type { BettingFigures, GameTypeFigures } from '@lotus/shared/agent-reports.schema';
import { ScrollArea, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, signedMoneyText } from '../../../lib/money/money.ts';
import { Figure } from './figure.tsx';

/** A game type's name; one the catalogue does not know is shown as it came. */
export function useGameTypeLabel() {
  const { t } = useTranslation('agents');
  return (gameType: string) => t(`gameTypes.${gameType}`, { defaultValue: gameType });
}

/**
 * The net in the players' view (wins − stakes): negative when the players lost, which is what the house
 * and its agents earn from. Coloured so the sign is also seen, and said in words for a screen reader only
 * through the sign itself (the column header names the view).
 */
export function NetText({ minor, symbol, testId }: { minor: string; symbol: string; testId?: string }) {
  const value = BigInt(minor);
  return (
    <Text span size="sm" c={value < 0n ? 'red' : value > 0n ? 'teal' : undefined} data-testid={testId}>
      {signedMoneyText(minor, symbol)}
    </Text>
  );
}

/** The headline figures of a betting report: stakes, valid turnover, payouts, net, rounds. */
export function BettingTotals({
  totals,
  symbol,
  testId,
  activeMembers,
}: {
  totals: BettingFigures;
  symbol: string;
  testId: string;
  activeMembers?: number;
}) {
  const { t } = useTranslation('agents');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid={testId}>
      <Figure
        label={t('betting.stake')}
        value={moneyText(totals.stakeMinor, symbol)}
        testId={`${testId}-stake`}
      />
      <Figure
        label={t('betting.validTurnover')}
        value={moneyText(totals.validTurnoverMinor, symbol)}
        testId={`${testId}-turnover`}
      />
      <Figure
        label={t('betting.payout')}
        value={moneyText(totals.payoutMinor, symbol)}
        testId={`${testId}-payout`}
      />
      <Figure
        label={t('betting.net')}
        value={<NetText minor={totals.netMinor} symbol={symbol} />}
        testId={`${testId}-net`}
      />
      <Figure label={t('betting.rounds')} value={totals.rounds} testId={`${testId}-rounds`} />
      {activeMembers === undefined ? null : (
        <Figure label={t('betting.activeMembers')} value={activeMembers} testId={`${testId}-active`} />
      )}
    </SimpleGrid>
  );
}

/** One row of a figures table: what it is about (a game type, a day) and its figures. */
export type FiguresRow = { key: string; label: string; figures: BettingFigures };

/**
 * Valid turnover, wins paid, the players' net and rounds per row, under a first column named `heading`:
 * the game-type table and the team's days (the chart's description, `id`).
 */
export function FiguresTable({
  rows,
  heading,
  symbol,
  testId,
  rowTestId,
  id,
}: {
  rows: FiguresRow[];
  heading: string;
  symbol: string;
  testId: string;
  rowTestId?: string;
  id?: string;
}) {
  const { t } = useTranslation('agents');
  return (
    <ScrollArea type="auto">
      <Table striped miw={560} id={id} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{heading}</Table.Th>
            <Table.Th ta="right">{t('betting.validTurnover')}</Table.Th>
            <Table.Th ta="right">{t('betting.payout')}</Table.Th>
            <Table.Th ta="right">{t('betting.net')}</Table.Th>
            <Table.Th ta="right">{t('betting.rounds')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ key, label, figures }) => (
            <Table.Tr key={key} data-testid={rowTestId}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">{moneyText(figures.validTurnoverMinor, symbol)}</Table.Td>
              <Table.Td ta="right">{moneyText(figures.payoutMinor, symbol)}</Table.Td>
              <Table.Td ta="right">
                <NetText minor={figures.netMinor} symbol={symbol} />
              </Table.Td>
              <Table.Td ta="right">{figures.rounds}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The figures per game type, most valid turnover first (as the report orders them). */
export function GameTypeTable({ rows, symbol }: { rows: GameTypeFigures[]; symbol: string }) {
  const { t } = useTranslation('agents');
  const label = useGameTypeLabel();
  return (
    <FiguresTable
      rows={rows.map((row) => ({ key: row.gameType, label: label(row.gameType), figures: row }))}
      heading={t('betting.gameType')}
      symbol={symbol}
      testId="agent-betting-game-types"
      rowTestId="agent-betting-game-type-row"
    />
  );
}
