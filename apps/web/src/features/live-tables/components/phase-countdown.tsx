import type { LivePhase, LiveTableSummary } from '@lotus/shared/live.schema';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useSecondsLeft } from '../hooks/use-seconds-left.ts';
import classes from './live-tables.module.css';

const RADIUS = 16;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The share of the phase still to run, 0…1, from its full length in seconds. */
export function remainingShare(secondsLeft: number, phaseSeconds: number): number {
  if (phaseSeconds <= 0) return 0;
  return Math.min(1, Math.max(0, secondsLeft / phaseSeconds));
}

type Props = {
  table: Pick<LiveTableSummary, 'phase' | 'phaseEndsAt' | 'durations'>;
  /** `ring`: the lobby card's; `bar`: the table screen's, under the phase banner. */
  variant?: 'ring' | 'bar';
};

/**
 * The time left in the table's phase as a ring (lobby) or a bar (table): seconds in the middle, the shape
 * emptying as the phase runs out. A timer, not a live region: the phase banner announces the phase changes.
 */
export function PhaseCountdown({ table, variant = 'ring' }: Props) {
  const { t } = useTranslation('liveTables');
  const seconds = useSecondsLeft(table.phaseEndsAt);
  const share = remainingShare(seconds, table.durations[table.phase as LivePhase]);
  const urgent = table.phase === 'betting' && seconds <= 5;
  const label = t('countdown', { seconds });
  if (variant === 'bar') {
    return (
      <div
        className={classes.bar}
        role="timer"
        aria-label={label}
        data-testid="live-countdown"
        data-seconds={seconds}
      >
        <div
          className={classes.barFill}
          data-urgent={urgent || undefined}
          style={{ width: `${share * 100}%` }}
        />
      </div>
    );
  }
  return (
    <svg
      className={classes.ring}
      viewBox="0 0 40 40"
      role="timer"
      aria-label={label}
      data-testid="live-countdown"
      data-seconds={seconds}
    >
      <circle cx="20" cy="20" r={RADIUS} className={classes.ringTrack} />
      <circle
        cx="20"
        cy="20"
        r={RADIUS}
        className={classes.ringFill}
        data-urgent={urgent || undefined}
        strokeDasharray={CIRCUMFERENCE}
        strokeDashoffset={CIRCUMFERENCE * (1 - share)}
        transform="rotate(-90 20 20)"
      />
      <text x="20" y="24.5" textAnchor="middle" className={classes.ringText}>
        {seconds}
      </text>
    </svg>
  );
}
