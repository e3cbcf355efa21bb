import type { PvpTable } from '@lotus/shared/pvp.schema';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { useTicking } from '../hooks/use-now.ts';
import { shownHands } from '../utils/event-text.ts';
import { seatPositions } from '../utils/seat-layout.ts';
import classes from './pvp.module.css';
import { EmptySeat, PvpSeatView } from './pvp-seat.tsx';

type FeltProps = {
  table: PvpTable;
  symbol: string;
  /** Opens the buy-in for an empty seat; null when the viewer may not sit (already seated). */
  onSit: ((seat: number) => void) | null;
};

/** The oval table: the pot and stake in the middle, the seats around it with the viewer at the bottom. */
export function PvpFelt({ table, symbol, onSit }: FeltProps) {
  const { t } = useTranslation('pvp');
  const hand = table.hand;
  const now = useTicking(hand !== null);
  const positions = seatPositions(table.seats.length, table.mySeat);
  const shown = shownHands(table.lastEvents);
  return (
    <div className={classes.tableBox} data-testid="pvp-felt">
      <div className={classes.felt} aria-hidden="true" />
      <div className={classes.centre} data-testid="pvp-centre">
        {hand ? (
          <>
            <Text size="xs" fw={700}>
              {t('table.hand', { number: hand.number })}
            </Text>
            <Text size="xs">{t('table.pot')}</Text>
            <span className={classes.potFigure} data-testid="pvp-pot">
              {moneyText(hand.potMinor, symbol)}
            </span>
            <Text size="xs" data-testid="pvp-stake">
              {t(table.gameKind === 'rummy' ? 'table.hold' : 'table.stake')}{' '}
              {moneyText(hand.stakeMinor, symbol)}
            </Text>
          </>
        ) : (
          <Text size="sm" fw={600} data-testid="pvp-no-hand">
            {t('table.noHand')}
          </Text>
        )}
      </div>
      <ul
        aria-label={t('table.label', { name: table.name })}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {table.seats.map((seat, index) => {
          const position = positions[index] ?? { left: 50, top: 50 };
          if (seat === null) {
            return (
              <EmptySeat
                // biome-ignore lint/suspicious/noArrayIndexKey: seats are fixed places, numbered by index
                key={index}
                seat={index}
                position={position}
                onSit={onSit ? () => onSit(index) : null}
              />
            );
          }
          const cards = seat.cards ?? shown.get(index) ?? null;
          // Rummy: how many cards a player in the hand holds (never which).
          const cardCount = table.rummy?.cardCounts[index] ?? null;
          return (
            <PvpSeatView
              key={seat.seat}
              seat={{ ...seat, cards }}
              position={position}
              dealer={hand?.dealer === index}
              deadline={hand && hand.turnSeat === index ? hand.turnDeadline : null}
              now={now}
              symbol={symbol}
              dealtIn={
                cards !== null || (hand !== null && (seat.status === 'blind' || seat.status === 'seen'))
              }
              cardCount={cardCount}
            />
          );
        })}
      </ul>
    </div>
  );
}
