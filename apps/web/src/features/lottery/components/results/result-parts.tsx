import type { LotteryPrizeTier } from '@lotus/games/lottery/types';
import { Table } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n-react.tsx';
import classes from './results.module.css';

/**
 * The pieces the result board draws with. Every visual piece is hidden from assistive technology: the board
 * gives its reader the result in words (`aria-label`), or is a real table.
 */

export function Balls({ values, small }: { values: readonly string[]; small?: boolean }) {
  return (
    <ul className={classes.balls} aria-hidden="true">
      {values.map((value, index) => (
        // Values can repeat (digits): the position is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a drawn position never moves
        <li key={index} className={small ? `${classes.ball} ${classes.ballSmall}` : classes.ball}>
          {value}
        </li>
      ))}
    </ul>
  );
}

/** Pip positions on a 3×3 grid (0–8, row by row) per face. */
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

export function DiceFaces({ dice }: { dice: readonly number[] }) {
  return (
    <ul className={classes.balls} aria-hidden="true">
      {dice.map((face, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a die's position never moves
        <li key={index} data-face={face}>
          <svg viewBox="0 0 30 30" className={classes.die} role="presentation">
            <rect
              x="1"
              y="1"
              width="28"
              height="28"
              rx="5"
              fill="white"
              stroke="currentColor"
              strokeWidth="1.5"
            />
            {(PIPS[face] ?? []).map((pip) => (
              <circle
                key={pip}
                cx={7 + (pip % 3) * 8}
                cy={7 + Math.floor(pip / 3) * 8}
                r="2.6"
                fill="currentColor"
              />
            ))}
          </svg>
        </li>
      ))}
    </ul>
  );
}

/** Ten distinct lane colours, as race boards show cars 1–10. */
const CAR_COLOURS = ['yellow', 'blue', 'dark', 'orange', 'cyan', 'indigo', 'gray', 'red', 'grape', 'green'];

export function RaceLanes({ order }: { order: readonly number[] }) {
  return (
    <ol className={classes.lanes} aria-hidden="true">
      {order.map((car, index) => (
        <li key={car} className={classes.lane}>
          <span>{index + 1}.</span>
          <span
            className={classes.car}
            style={{
              background: `var(--mantine-color-${CAR_COLOURS[(car - 1) % 10]}-6)`,
              width: `${100 - index * 6}%`,
            }}
          >
            {String(car).padStart(2, '0')}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A number with its last two digits emphasised (what lô and đề bets are settled on). */
export function LastTwo({ number, emphasise }: { number: string; emphasise: boolean }) {
  if (!emphasise || number.length <= 2) {
    return <span className={`${classes.number} ${emphasise ? classes.lastTwo : ''}`}>{number}</span>;
  }
  return (
    <span className={classes.number}>
      {number.slice(0, -2)}
      <span className={classes.lastTwo}>{number.slice(-2)}</span>
    </span>
  );
}

/** Tiers as rows (VN prize table, 4D tiers): the tier's name, then its numbers. */
export function TierTable({
  tiers,
  labelKey,
  emphasiseLastTwo,
  caption,
}: {
  tiers: readonly LotteryPrizeTier[];
  labelKey: 'vnTiers' | 'sea4dTiers';
  emphasiseLastTwo: boolean;
  caption: string;
}) {
  const { t } = useTranslation('lotteryLive');
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={4} data-testid="lottery-tier-table">
      <caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</caption>
      <Table.Tbody>
        {tiers.map((tier) => (
          <Table.Tr key={tier.tier} data-tier={tier.tier}>
            <Table.Th scope="row" className={classes.tierName}>
              {t(`${labelKey}.${tier.tier}`)}
            </Table.Th>
            <Table.Td>
              {tier.numbers.map((number, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: numbers of a tier may repeat (VN)
                <span key={index}>
                  {index > 0 ? ' · ' : null}
                  <LastTwo number={number} emphasise={emphasiseLastTwo} />
                </span>
              ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
