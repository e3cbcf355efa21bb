import type { SportsBet } from '@lotus/shared/sportsbook.schema';
import { Alert, Badge, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useLoggedIn } from '../../../lib/games/use-game-pages.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, moneyText } from '../../../lib/money/money.ts';
import { fetchBets } from '../api/bets.ts';
import { sportsKeys } from '../api/keys.ts';
import { useOddsFormat } from '../hooks/use-odds-format.ts';
import { useSportsSession } from '../hooks/use-sports-session.ts';
import { marketTitle, nameIn } from '../utils/sports-text.ts';
import { CashoutPanel } from './cashout-panel.tsx';

const STATUS_COLOURS: Record<SportsBet['status'], string> = {
  pending: 'gray',
  placed: 'blue',
  refused: 'red',
  void: 'gray',
  settled: 'green',
  cashed_out: 'teal',
  refunded: 'orange',
  voided: 'orange',
};

/** What a finished bet paid (payout or cash-out), or what it may return while open. */
function resultLine(
  t: (key: string, options?: Record<string, unknown>) => string,
  bet: SportsBet,
  symbol: string,
) {
  if (bet.cashoutMinor !== null)
    return t('myBets.cashedOut', { amount: moneyText(bet.cashoutMinor, symbol) });
  if (bet.payoutMinor !== null) return t('myBets.paid', { amount: moneyText(bet.payoutMinor, symbol) });
  return t('myBets.potential', { amount: moneyText(bet.potentialReturnMinor, symbol) });
}

type CashedOut = { betId: string; valueMinor: string };

function BetCard({
  bet,
  gameCode,
  symbol,
  onCashedOut,
}: {
  bet: SportsBet;
  gameCode: string;
  symbol: string;
  onCashedOut: (done: CashedOut) => void;
}) {
  const { t, i18n } = useTranslation('sports');
  const { odds } = useOddsFormat();
  const language = i18n.language;
  return (
    <Card
      padding="sm"
      radius="md"
      withBorder
      data-testid={`sports-bet-${bet.betId}`}
      data-status={bet.status}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Badge color={STATUS_COLOURS[bet.status]} variant="light">
          {t(`myBets.status.${bet.status}`)}
        </Badge>
        <Text fw={600} fz="sm" ta="right">
          {t(`myBets.kind.${bet.kind}`)} · {odds(bet.oddsMilli)}
        </Text>
      </Group>
      <Text fz="xs" c="dimmed">
        {bet.betId} · {dateTimeText(bet.placedAt ?? bet.createdAt)}
      </Text>
      <Stack gap={2} my={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {bet.legs.map((leg) => (
          <Text key={leg.legNo} component="li" fz="sm">
            {nameIn(leg.selectionName, language)} @ {odds(leg.oddsMilli)} ·{' '}
            {marketTitle(t, { type: leg.marketType, param: leg.param, lineMilli: leg.lineMilli })} ·{' '}
            {nameIn(leg.eventName.home, language)} {t('event.vs')} {nameIn(leg.eventName.away, language)}
            {leg.outcome ? ` · ${t(`myBets.outcome.${leg.outcome}`)}` : ''}
          </Text>
        ))}
      </Stack>
      <Group justify="space-between" fz="sm">
        <Text fz="sm">{t('myBets.stake', { amount: moneyText(bet.stakeMinor, symbol) })}</Text>
        <Text fz="sm" fw={600} data-testid="sports-bet-result">
          {resultLine(t, bet, symbol)}
        </Text>
      </Group>
      {bet.status === 'placed' ? (
        <CashoutPanel
          betId={bet.betId}
          gameCode={gameCode}
          symbol={symbol}
          onDone={(valueMinor) => onCashedOut({ betId: bet.betId, valueMinor })}
        />
      ) : null}
    </Card>
  );
}

/** The player's open and settled bets (the slip's third tab), open ones with cash-out. */
export function MyBets({ gameCode, symbol }: { gameCode: string; symbol: string }) {
  const { t } = useTranslation('sports');
  const loggedIn = useLoggedIn();
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  // A cashed-out bet leaves the open list at the next read (and its panel's "done" with it): the list keeps
  // saying what was paid until the player closes it or switches tab.
  const [cashedOut, setCashedOut] = useState<CashedOut | null>(null);
  const { withSession } = useSportsSession(gameCode);
  const bets = useQuery({
    queryKey: sportsKeys.bets(status),
    queryFn: ({ signal }) => withSession((token) => fetchBets(status, token, signal)),
    enabled: loggedIn,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  if (!loggedIn) return <EmptyBlock title={t('myBets.login')} testId="sports-bets-login" />;
  return (
    <Stack gap="sm" data-testid="sports-my-bets">
      <SegmentedControl
        fullWidth
        size="xs"
        value={status}
        onChange={(value) => {
          setStatus(value as 'open' | 'settled');
          setCashedOut(null);
        }}
        data={[
          { value: 'open', label: t('myBets.open') },
          { value: 'settled', label: t('myBets.settled') },
        ]}
      />
      {cashedOut ? (
        <Alert
          color="teal"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel={t('cashout.close')}
          onClose={() => setCashedOut(null)}
          data-testid="sports-cashout-notice"
        >
          {t('cashout.doneNotice', {
            betId: cashedOut.betId,
            amount: moneyText(cashedOut.valueMinor, symbol),
          })}
        </Alert>
      ) : null}
      {bets.isPending ? (
        <LoadingRows rows={3} height={72} />
      ) : bets.isError ? (
        <LoadFailed error={bets.error} onRetry={() => void bets.refetch()} testId="sports-bets-error" />
      ) : bets.data.list.length === 0 ? (
        <EmptyBlock title={t(`myBets.empty.${status}`)} testId="sports-bets-empty" />
      ) : (
        bets.data.list.map((bet) => (
          <BetCard key={bet.betId} bet={bet} gameCode={gameCode} symbol={symbol} onCashedOut={setCashedOut} />
        ))
      )}
    </Stack>
  );
}
