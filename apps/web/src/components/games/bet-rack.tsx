import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { moneyText } from '../../lib/money/money.ts';
import classes from './bet-rack.module.css';
import { ChipSelector } from './chip-selector.tsx';
import { type ChipBets, sumMinor } from './use-chip-bets.ts';

type BetRackProps = {
  /** The slip (what the rack shows and changes: it adds no bet, so any kind of bet will do). */
  slip: Omit<ChipBets<{ amountMinor: string }>, 'change' | 'isRepeated'>;
  currencySymbol: string;
  /** While a round plays, the slip cannot change. */
  locked: boolean;
  /** Also run when the slip is cleared (a screen's own half-made bet). */
  onClear?: () => void;
  /** Rebet and play at once (the screen plays the last round's bets); its label names the play (spin, deal). */
  repeat: { label: string; onRepeat: () => void };
  /** The button that plays the round (deal, spin). */
  children: ReactNode;
};

/**
 * The table games' controls: chip, undo, clear, rebet (the last round's bets back on an empty table),
 * rebet-and-play, the total on the table, and the button that plays it. On a narrow frame the rack sticks
 * to the bottom, so the play button stays in reach while the table scrolls.
 */
export function BetRack({ slip, currencySymbol, locked, onClear, repeat, children }: BetRackProps) {
  const { t } = useTranslation('originals');
  const lastTotal = moneyText(sumMinor(slip.lastBets.map((b) => b.amountMinor)), currencySymbol);
  const canRebet = !locked && slip.bets.length === 0 && slip.lastBets.length > 0;
  return (
    <div className={classes.rack} data-testid="bet-rack">
      <ChipSelector
        chips={slip.chips}
        value={slip.chip}
        onChange={slip.setChip}
        currencySymbol={currencySymbol}
      />
      <Group gap={6} wrap="wrap">
        <Button
          size="compact-sm"
          variant="default"
          disabled={locked || !slip.canUndo}
          onClick={slip.undoLast}
          data-testid="undo"
        >
          {t('undo')}
        </Button>
        <Button
          size="compact-sm"
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
        <Button
          size="compact-sm"
          variant="default"
          disabled={!canRebet}
          onClick={slip.rebet}
          title={slip.lastBets.length > 0 ? t('rebetTitle', { amount: lastTotal }) : undefined}
          data-testid="rebet"
        >
          {t('rebet')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          disabled={!canRebet}
          onClick={repeat.onRepeat}
          data-testid="repeat"
        >
          {repeat.label}
        </Button>
      </Group>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t('totalBet')}
        </Text>
        <Text fw={700} data-testid="total-bet">
          {moneyText(sumMinor(slip.bets.map((b) => b.amountMinor)), currencySymbol)}
        </Text>
      </Stack>
      {children}
    </div>
  );
}
