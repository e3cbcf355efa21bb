import type { LiveTableSnapshot } from '@lotus/shared/live.schema';
import { Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './live-tables.module.css';
import { winnerText } from './outcome-view.tsx';
import { PhaseCountdown } from './phase-countdown.tsx';

/**
 * The round's phase in big letters ("Place your bets" with the seconds left, "No more bets", dealing, the
 * result) and the countdown bar. The phase text sits in a polite live region, so a screen reader hears each
 * change once (not each second: the seconds are a separate timer).
 */
export function PhaseBanner({ table }: { table: LiveTableSnapshot }) {
  const { t } = useTranslation('liveTables');
  const { phase } = table;
  const outcome = table.round.outcome;
  const announced =
    phase === 'result' && outcome
      ? `${t('phases.result')}: ${winnerText(outcome, t)}`
      : t(`phases.${phase}`, { round: table.roundNo });
  return (
    <div
      className={classes.banner}
      data-phase={phase}
      data-round-no={table.roundNo}
      data-testid="live-phase-banner"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text
          fw={800}
          fz={{ base: 'lg', sm: 'xl' }}
          aria-live="polite"
          aria-atomic="true"
          data-testid="live-phase-text"
        >
          {announced}
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('round', { n: table.roundNo })}
        </Text>
      </Group>
      <PhaseCountdown table={table} variant="bar" />
    </div>
  );
}
