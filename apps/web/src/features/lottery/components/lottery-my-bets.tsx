import type { LotterySlip } from '@lotus/shared/lottery.schema';
import { Badge, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadingRows } from '../../../components/ui/query-states.tsx';
import { useLoggedIn } from '../../../lib/games/use-game-pages.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, moneyText } from '../../../lib/money/money.ts';
import { fetchSlips } from '../api/get-slips.ts';
import { lotteryKeys } from '../api/keys.ts';
import { useLotterySession } from '../hooks/use-lottery-session.ts';
import { lineText } from '../utils/slip-text.ts';

const STATUS_COLOURS: Record<LotterySlip['status'], string> = {
  pending: 'gray',
  placed: 'blue',
  refused: 'red',
  void: 'gray',
  settled: 'green',
  refunded: 'orange',
};

function SlipCard({ slip, symbol }: { slip: LotterySlip; symbol: string }) {
  const { t } = useTranslation('lottery');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid={`lottery-slip-${slip.slipId}`}
      data-status={slip.status}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} fz="sm">
          {slip.slipId} · {t('game.drawNo', { drawNo: slip.drawNo })}
        </Text>
        <Badge color={STATUS_COLOURS[slip.status]} variant="light">
          {t(`status.${slip.status}`)}
        </Badge>
      </Group>
      <Text fz="xs" c="dimmed">
        {dateTimeText(slip.createdAt)}
      </Text>
      <Stack gap={0} my={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {slip.lines.map((line) => (
          <Text key={line.lineNo} component="li" fz="sm" ff="monospace">
            {lineText(t, line)} · {moneyText(line.stakeMinor, symbol)}
            {line.payoutMinor !== null ? ` → ${moneyText(line.payoutMinor, symbol)}` : ''}
          </Text>
        ))}
      </Stack>
      <Group gap="md" fz="sm">
        <Text fz="sm">
          {t('myBets.stake')}: {moneyText(slip.totalStakeMinor, symbol)}
        </Text>
        <Text fz="sm" fw={600} data-testid="lottery-slip-payout">
          {slip.payoutMinor !== null
            ? `${t('myBets.payout')}: ${moneyText(slip.payoutMinor, symbol)}`
            : `${t('myBets.maxPayout')}: ${moneyText(slip.maxPayoutMinor, symbol)}`}
        </Text>
      </Group>
    </Card>
  );
}

/** The player's open and settled slips of this game (lottery session); visitors are asked to log in. */
export function LotteryMyBets({ gameCode, symbol }: { gameCode: string; symbol: string }) {
  const { t } = useTranslation('lottery');
  const loggedIn = useLoggedIn();
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const { withSession } = useLotterySession(gameCode);
  const slips = useQuery({
    queryKey: lotteryKeys.slips(status, gameCode, 1),
    queryFn: ({ signal }) =>
      withSession((token) => fetchSlips({ status, gameCode, pageNo: 1 }, token, signal)),
    enabled: loggedIn,
    placeholderData: keepPreviousData,
  });
  if (!loggedIn) return <EmptyBlock title={t('myBets.login')} />;
  return (
    <Stack gap="sm" data-testid="lottery-my-bets">
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value === 'settled' ? 'settled' : 'open')}
        data={[
          { value: 'open', label: t('myBets.open') },
          { value: 'settled', label: t('myBets.settled') },
        ]}
        aria-label={t('myBets.title')}
        style={{ alignSelf: 'flex-start' }}
      />
      {slips.isPending ? (
        <LoadingRows rows={3} height={72} />
      ) : slips.isError ? (
        <EmptyBlock title={t('myBets.error')} />
      ) : slips.data.list.length === 0 ? (
        <EmptyBlock title={t('myBets.empty')} />
      ) : (
        slips.data.list.map((slip) => <SlipCard key={slip.slipId} slip={slip} symbol={symbol} />)
      )}
    </Stack>
  );
}
