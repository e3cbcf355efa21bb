import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { ChipBets } from '../hooks/use-chip-bets.ts';
import { money, sumMinor } from '../utils/money.ts';
import { ChipSelector } from './chip-selector.tsx';
import classes from './originals.module.css';

type BetRackProps = {
  /** The slip (what the rack shows and changes: it adds no bet, so any kind of bet will do). */
  slip: Omit<ChipBets<{ amountMinor: string }>, 'change'>;
  currencySymbol: string;
  /** While a round plays, the slip cannot change. */
  locked: boolean;
  /** Also run when the slip is cleared (a screen's own half-made bet). */
  onClear?: () => void;
  /** The button that plays the round (deal, spin). */
  children: ReactNode;
};

/** The table games' controls: chip, undo, clear, the total on the slip, and the button that plays it. */
export function BetRack({ slip, currencySymbol, locked, onClear, children }: BetRackProps) {
  const { t } = useTranslation('originals');
  return (
    <div className={classes.controls}>
      <ChipSelector
        chips={slip.chips}
        value={slip.chip}
        onChange={slip.setChip}
        currencySymbol={currencySymbol}
      />
      <Group gap="xs">
        <Button
          variant="default"
          disabled={locked || !slip.canUndo}
          onClick={slip.undoLast}
          data-testid="undo"
        >
          {t('undo')}
        </Button>
        <Button
          variant="default"
          disabled={locked || slip.bets.length === 0}
          onClick={() => {
            slip.clear();
            onClear?.();
          }}
          data-testid="clear"
        >
          {t('clear')}
        </Button>
      </Group>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t('totalBet')}
        </Text>
        <Text fw={700} data-testid="total-bet">
          {money(sumMinor(slip.bets.map((b) => b.amountMinor)), currencySymbol)}
        </Text>
      </Stack>
      {children}
    </div>
  );
}
