import { Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useNow } from '../hooks/use-now.ts';
import { countdownPhase, countdownText } from '../utils/lottery-groups.ts';
import classes from './lottery.module.css';

/**
 * The time left to bet on the next draw (to its `closesAt`), then "Drawing…" until the next window opens
 * (the live hook or the refetch at close brings the new draw). `data-phase` lets the journeys wait for it.
 */
export function LotteryCountdown({
  draw,
  size = 'sm',
}: {
  draw: { opensAt: string; closesAt: string } | null;
  size?: 'sm' | 'lg';
}) {
  const { t } = useTranslation('lottery');
  const phase = countdownPhase(draw, useNow());
  const text =
    phase.kind === 'open'
      ? `${t('card.closesIn')} ${countdownText(phase.seconds)}`
      : phase.kind === 'drawing'
        ? t('card.drawing')
        : t('card.noDraw');
  return (
    <Text
      component="span"
      className={classes.countdown}
      fw={600}
      fz={size === 'lg' ? 'lg' : 'sm'}
      c={phase.kind === 'open' && phase.seconds <= 10 ? 'red' : undefined}
      data-testid="lottery-countdown"
      data-phase={phase.kind}
      role="timer"
      aria-live="off"
    >
      {text}
    </Text>
  );
}
