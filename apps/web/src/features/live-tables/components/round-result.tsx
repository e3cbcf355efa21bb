import type { LiveBet } from '@lotus/shared/live.schema';
import { Alert } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';

/**
 * The player's own outcome: while the round runs, what they have on it; once settled, what it returned
 * against what they staked ("You won ₹95", "You lost ₹100", or the stake back on a push). Through the next
 * round's betting the last round's stays in view (its result phase lasts only seconds), named by number.
 */
export function RoundResult({
  bets,
  roundNo,
  currencySymbol,
}: {
  /** The player's bets at the table, newest first. */
  bets: LiveBet[];
  roundNo: number;
  currencySymbol: string;
}) {
  const { t } = useTranslation('liveTables');
  const current = bets.filter((bet) => bet.roundNo === roundNo);
  const shown = current.length > 0 ? current : bets.filter((bet) => bet.roundNo === roundNo - 1);
  const first = shown[0];
  if (!first) return null;
  const round = { n: first.roundNo };
  const stake = shown.reduce((sum, bet) => sum + BigInt(bet.stakeMinor), 0n);
  if (shown.some((bet) => bet.status === 'placed')) {
    return (
      <Alert color="blue" variant="light" data-testid="live-my-stake" data-round-no={first.roundNo}>
        {t('myStake', { ...round, amount: moneyText(stake, currencySymbol) })}
      </Alert>
    );
  }
  const payout = shown.reduce((sum, bet) => sum + BigInt(bet.payoutMinor ?? '0'), 0n);
  const net = payout - stake;
  const key = net > 0n ? 'won' : net < 0n ? 'lost' : 'push';
  return (
    <Alert
      color={net > 0n ? 'green' : net < 0n ? 'red' : 'gray'}
      variant="light"
      data-testid="live-my-result"
      data-net={net.toString()}
      data-round-no={first.roundNo}
      role="status"
    >
      {t(`myResult.${key}`, {
        ...round,
        amount: moneyText(net < 0n ? -net : net, currencySymbol),
        payout: moneyText(payout, currencySymbol),
        stake: moneyText(stake, currencySymbol),
      })}
    </Alert>
  );
}
