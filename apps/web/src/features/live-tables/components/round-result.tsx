import type { LiveBet, LivePhase } from '@lotus/shared/live.schema';
import { Alert } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';

/**
 * The player's own outcome of the round: while it runs, what they have on it; once settled, what it
 * returned against what they staked ("You won ₹95", "You lost ₹100", or the stake back on a push).
 */
export function RoundResult({
  bets,
  phase,
  currencySymbol,
}: {
  bets: LiveBet[];
  phase: LivePhase;
  currencySymbol: string;
}) {
  const { t } = useTranslation('liveTables');
  if (bets.length === 0) return null;
  const stake = bets.reduce((sum, bet) => sum + BigInt(bet.stakeMinor), 0n);
  const settled = bets.every((bet) => bet.status !== 'placed');
  if (!settled || phase !== 'result') {
    return (
      <Alert color="blue" variant="light" data-testid="live-my-stake">
        {t('myStake', { amount: moneyText(stake, currencySymbol) })}
      </Alert>
    );
  }
  const payout = bets.reduce((sum, bet) => sum + BigInt(bet.payoutMinor ?? '0'), 0n);
  const net = payout - stake;
  const key = net > 0n ? 'won' : net < 0n ? 'lost' : 'push';
  return (
    <Alert
      color={net > 0n ? 'green' : net < 0n ? 'red' : 'gray'}
      variant="light"
      data-testid="live-my-result"
      data-net={net.toString()}
      role="status"
    >
      {t(`myResult.${key}`, {
        amount: moneyText(net < 0n ? -net : net, currencySymbol),
        payout: moneyText(payout, currencySymbol),
        stake: moneyText(stake, currencySymbol),
      })}
    </Alert>
  );
}
