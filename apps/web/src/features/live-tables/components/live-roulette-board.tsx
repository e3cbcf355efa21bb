import { validateRouletteBet } from '@lotus/games/roulette';
import type { LiveOutcome } from '@lotus/shared/live.schema';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { RouletteBoard, type RouletteSpot } from '../../../components/games/roulette-board.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { rouletteSpot } from '../utils/spots.ts';

type Props = {
  /** Chips on the table now (not yet placed), by spot. */
  pending: Map<string, bigint>;
  /** Bets placed on this round, by spot. */
  placed: Map<string, bigint>;
  /** The round's outcome once the result is in (null before): the bets covering its pocket are lit. */
  result: LiveOutcome | null;
  disabled: boolean;
  currencySymbol: string;
  onSpot: (spot: string) => void;
};

/**
 * The live roulette table's spots: the studio's whole layout (components/games/roulette-board.tsx), so
 * splits, streets, corners, six-lines and the basket are offered as the server takes them, each written
 * as the table's spot (`split:8-11`, `red`). What the board has to say (numbers still to pick, a pick
 * that makes no bet) is a polite status line under it.
 */
export function LiveRouletteBoard({ pending, placed, result, disabled, currencySymbol, onSpot }: Props) {
  const { t } = useTranslation('liveTables');
  const [note, setNote] = useState('');
  const pocket = result?.game === 'roulette' ? result.pocket : null;

  const chipOf = (spot: RouletteSpot) => {
    const key = rouletteSpot(spot);
    const mine = pending.get(key) ?? 0n;
    const already = placed.get(key) ?? 0n;
    if (mine === 0n && already === 0n) return null;
    const label = [
      mine > 0n ? t('spotPending', { amount: moneyText(mine, currencySymbol) }) : '',
      already > 0n ? t('spotPlaced', { amount: moneyText(already, currencySymbol) }) : '',
    ]
      .filter(Boolean)
      .join(', ');
    return { mark: moneyText(mine + already, '').replace(/\.00$/, ''), label };
  };

  return (
    <div data-testid="live-spots" data-kind="roulette">
      <RouletteBoard
        onBet={(spot) => {
          setNote('');
          onSpot(rouletteSpot(spot));
        }}
        onInvalid={() => setNote(t('rouletteInvalid'))}
        onAnnounce={setNote}
        chipOf={chipOf}
        disabled={disabled}
        hit={pocket}
        won={(spot) => pocket !== null && (validateRouletteBet(spot) ?? []).includes(pocket)}
      />
      <Text size="xs" c="dimmed" role="status" aria-live="polite" mih="1.2em" data-testid="roulette-note">
        {note}
      </Text>
    </div>
  );
}
