import type { Round } from '@lotus/shared/originals.schema';
import { Text } from '@mantine/core';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { money } from '../utils/money.ts';
import classes from './originals.module.css';

/** What a round paid, in words: "You won ₹…" or "No win". */
export function usePayText(currencySymbol: string): (payMinor: string | bigint) => string {
  const { t } = useTranslation('originals');
  // Stable while the language and currency are, so a callback built on it is too.
  return useCallback(
    (payMinor) =>
      BigInt(payMinor) > 0n
        ? t('result.won', { amount: money(payMinor, currencySymbol) })
        : t('result.noWin'),
    [t, currencySymbol],
  );
}

type RoundResultProps = {
  /** The outcome in words (the pocket, the winning side). */
  text: string;
  payMinor: string;
  currencySymbol: string;
  testId: string;
  /** The outcome for tests and styles (`data-pocket`, `data-winner`). */
  data: Record<`data-${string}`, string | number>;
};

/** The last round's outcome and what it paid, under the table. */
export function RoundResult({ text, payMinor, currencySymbol, testId, data }: RoundResultProps) {
  const payText = usePayText(currencySymbol);
  return (
    <Text ta="center" fw={700} data-testid={testId} {...data}>
      {text} {payText(payMinor)}
    </Text>
  );
}

/** How one past round shows in the strip: its badge text, colour and (optional) full name. */
export type StripBadge = { text: ReactNode; colour?: string | undefined; title?: string | undefined };

/** The last results of the session's game, newest first (one badge each). */
export function ResultStrip({
  label,
  rounds,
  game,
  badge,
}: {
  label: string;
  rounds: Round[];
  game: string;
  badge: (outcome: Round['outcome']) => StripBadge;
}) {
  return (
    <ol className={classes.historyStrip} aria-label={label} data-testid="result-strip">
      {rounds
        .filter((round) => round.outcome.game === game)
        .map((round) => {
          const { text, colour, title } = badge(round.outcome);
          return (
            <li key={round.roundId} className={classes.pocketBadge} data-colour={colour} title={title}>
              {text}
            </li>
          );
        })}
    </ol>
  );
}
