import type { Winner } from '@lotus/shared/content.schema';
import { Group, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { formatAmountMinor } from '../utils/format-amount.ts';
import { keyedWinners } from '../utils/winner-keys.ts';
import classes from './winners.module.css';

type WinnerRowsProps = {
  winners: readonly Winner[];
  /** The board's second copy (for the seamless loop): hidden from assistive technology. */
  hidden?: boolean;
  ref?: Ref<HTMLUListElement>;
};

/** One copy of the board's rows: who (masked), which game, how much. */
export function WinnerRows({ winners, hidden, ref }: WinnerRowsProps) {
  const { i18n } = useTranslation();
  return (
    <ul
      ref={ref}
      className={classes.rows}
      aria-hidden={hidden || undefined}
      data-testid={hidden ? undefined : 'winner-rows'}
    >
      {keyedWinners(winners).map(({ key, winner: { vo } }) => (
        <li key={key} className={classes.row} data-testid={hidden ? undefined : 'winner-row'}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <div className={classes.who}>
              <Text size="sm" fw={600} truncate>
                {vo.account}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {vo.gameName}
              </Text>
            </div>
            <Text size="sm" fw={700} className={classes.amount}>
              {formatAmountMinor(vo.amountMinor, vo.currencySymbol, i18n.language)}
            </Text>
          </Group>
        </li>
      ))}
    </ul>
  );
}
