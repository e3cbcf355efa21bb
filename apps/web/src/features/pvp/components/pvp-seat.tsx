import type { PvpSeat } from '@lotus/shared/pvp.schema';
import { PVP_TURN_MS } from '@lotus/shared/pvp-constants';
import { Avatar, Badge, Button } from '@mantine/core';
import { PlayingCard } from '../../../components/games/playing-card.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { initialsOf, type SeatPosition, turnShareLeft } from '../utils/seat-layout.ts';
import classes from './pvp.module.css';

const RING_RADIUS = 23;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;
const STATUS_COLOURS = {
  waiting: 'gray',
  blind: 'violet',
  seen: 'blue',
  packed: 'dark',
  playing: 'blue',
  out: 'dark',
} as const;

/** The turn clock around the avatar: the share of the 30 s left, red in the last quarter. */
function TurnRing({ deadline, now }: { deadline: string; now: number }) {
  const left = turnShareLeft(deadline, now, PVP_TURN_MS);
  return (
    <svg className={classes.ring} viewBox="0 0 50 50" aria-hidden="true" data-testid="pvp-turn-ring">
      <circle className={classes.ringTrack} cx="25" cy="25" r={RING_RADIUS} />
      <circle
        className={classes.ringLeft}
        cx="25"
        cy="25"
        r={RING_RADIUS}
        strokeDasharray={RING_LENGTH}
        strokeDashoffset={RING_LENGTH * (1 - left)}
        data-low={left < 0.25}
      />
    </svg>
  );
}

type SeatProps = {
  seat: PvpSeat;
  position: SeatPosition;
  dealer: boolean;
  /** The seat's turn deadline when the clock runs for it. */
  deadline: string | null;
  now: number;
  symbol: string;
  /** Cards are dealt to this seat in the running hand (face down unless `seat.cards`). */
  dealtIn: boolean;
  /** Rummy: how many cards the player holds (shown as a count, not as cards); null otherwise. */
  cardCount?: number | null;
};

/** One player around the table: initials, nick, stack, status, their three cards, the turn clock. */
export function PvpSeatView({
  seat,
  position,
  dealer,
  deadline,
  now,
  symbol,
  dealtIn,
  cardCount = null,
}: SeatProps) {
  const { t } = useTranslation('pvp');
  const status = t(`table.statuses.${seat.status}`);
  const stack = moneyText(seat.stackMinor, symbol);
  const seconds = deadline
    ? Math.ceil((turnShareLeft(deadline, now, PVP_TURN_MS) * PVP_TURN_MS) / 1000)
    : null;
  const nick = seat.me ? `${seat.nick} (${t('table.you')})` : seat.nick;
  return (
    <li
      className={classes.seat}
      style={{ left: `${position.left}%`, top: `${position.top}%` }}
      data-testid="pvp-seat"
      data-seat={seat.seat}
      data-me={seat.me}
      data-status={seat.status}
      data-turn={deadline !== null}
      aria-label={`${t('table.seatLabel', { seat: seat.seat + 1, nick, stack, status })}${
        seconds !== null ? `. ${t('table.turnLabel', { nick: seat.nick, seconds })}` : ''
      }`}
    >
      <div className={classes.avatar}>
        <Avatar size={40} radius="xl" color={seat.me ? 'yellow' : 'blue'} variant="filled" aria-hidden="true">
          {initialsOf(seat.nick)}
        </Avatar>
        {deadline ? <TurnRing deadline={deadline} now={now} /> : null}
        {dealer ? (
          <span className={classes.dealer} title={t('table.dealer')} aria-hidden="true">
            D
          </span>
        ) : null}
      </div>
      <span className={classes.nick} aria-hidden="true">
        {seat.me ? t('table.you') : seat.nick}
      </span>
      <span className={classes.figure} aria-hidden="true" data-testid="pvp-seat-stack">
        {stack}
      </span>
      <Badge size="xs" variant="light" color={STATUS_COLOURS[seat.status]} aria-hidden="true">
        {seconds !== null ? t('table.seconds', { seconds }) : status}
      </Badge>
      {cardCount !== null ? (
        <span className={classes.figure} data-testid="pvp-seat-card-count">
          {t('table.cardCount', { count: cardCount })}
        </span>
      ) : null}
      {dealtIn && cardCount === null ? (
        <div className={classes.miniCards} data-testid="pvp-seat-cards">
          {(seat.cards ?? [null, null, null]).map((card, index) => (
            <PlayingCard
              // biome-ignore lint/suspicious/noArrayIndexKey: three cards in a fixed order
              key={index}
              rank={card?.rank ?? null}
              suit={card?.suit ?? null}
              faceUp={card !== null}
              size={18}
            />
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** An empty chair: a "Sit" button for someone not seated yet, else just the place. */
export function EmptySeat({
  seat,
  position,
  onSit,
}: {
  seat: number;
  position: SeatPosition;
  onSit: (() => void) | null;
}) {
  const { t } = useTranslation('pvp');
  return (
    <li
      className={classes.emptySeat}
      style={{ left: `${position.left}%`, top: `${position.top}%` }}
      data-testid="pvp-empty-seat"
      data-seat={seat}
    >
      {onSit ? (
        <Button
          size="compact-sm"
          onClick={onSit}
          aria-label={t('table.sitHereLabel', { seat: seat + 1 })}
          data-testid="pvp-sit-here"
        >
          {t('table.sitHere')}
        </Button>
      ) : (
        <Badge variant="outline" color="gray" aria-label={t('table.emptySeat')}>
          {seat + 1}
        </Badge>
      )}
    </li>
  );
}
