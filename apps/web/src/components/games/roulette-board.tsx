import { validateRouletteBet } from '@lotus/games/roulette';
import type { RouletteBetKind } from '@lotus/games/types';
import { SegmentedControl, Text } from '@mantine/core';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import classes from './roulette-board.module.css';
import { type BoardHotspot, boardHotspots, gridCellOf } from './roulette-hotspots.ts';
import {
  colourOf,
  GRID_ROWS,
  INSIDE_KINDS,
  type InsideKind,
  insideNumbers,
  outsideNumbers,
  picksNeeded,
} from './roulette-layout.ts';

/** A bet on the layout: its kind and the pockets it covers (validateRouletteBet's numbers). */
export type RouletteSpot = { kind: RouletteBetKind; numbers: number[] };

/** What a spot carries: the chip's text on the layout and the words a screen reader hears after its name. */
export type RouletteChip = { mark: string; label: string; repeated?: boolean };

type RouletteBoardProps = {
  /** A chip goes on this (valid) bet. */
  onBet: (spot: RouletteSpot) => void;
  /** Picked numbers that make no bet of the chosen kind (a "split" of 3 and 4). */
  onInvalid: () => void;
  /** Something for the screen reader's live region (how many numbers are still to pick). */
  onAnnounce: (text: string) => void;
  /** The chips on a spot, or null. */
  chipOf: (spot: RouletteSpot) => RouletteChip | null;
  disabled: boolean;
  /** The pocket that came up: its number is lit. */
  hit?: number | null;
  /** Spots lit as won (the live table's result). */
  won?: (spot: RouletteSpot) => boolean;
};

const OUTSIDE_ROW: { kind: RouletteBetKind; colour?: 'red' | 'black' }[] = [
  { kind: 'low' },
  { kind: 'even' },
  { kind: 'red', colour: 'red' },
  { kind: 'black', colour: 'black' },
  { kind: 'odd' },
  { kind: 'high' },
];

/**
 * The European layout shared by the studio's roulette and the live roulette table: zero, the 1–36 grid in
 * the real colours, columns, dozens and the even chances, and every inside bet two ways. With a pointer,
 * the lines and crossings of the grid take bets as on a real table (the line between two numbers a split,
 * a row's outer edge a street, a crossing a corner, the edge between two rows a six-line, beside zero its
 * splits, trios and the basket). By keyboard and screen reader the bet-kind picker does the same: a street
 * or line from one number, a split or corner by picking its numbers (the crossings are too small to aim at
 * and would be a hundred extra tab stops, so they stay out of the tab order). Every bet is checked by
 * packages/games' validateRouletteBet before it reaches `onBet`.
 */
export function RouletteBoard({
  onBet,
  onInvalid,
  onAnnounce,
  chipOf,
  disabled,
  hit,
  won,
}: RouletteBoardProps) {
  const { t } = useTranslation('originals');
  const [insideKind, setInsideKind] = useState<InsideKind>('straight');
  const [picks, setPicks] = useState<number[]>([]);

  const place = (kind: RouletteBetKind, numbers: number[]) => {
    const pockets = validateRouletteBet({ kind, numbers });
    if (pockets === null) onInvalid();
    else onBet({ kind, numbers: pockets });
  };

  const clickNumber = (n: number) => {
    if (disabled) return;
    if (insideKind === 'basket') {
      place('basket', [0, 1, 2, 3]);
      return;
    }
    const next = picks.includes(n) ? picks.filter((p) => p !== n) : [...picks, n];
    const numbers = insideNumbers(insideKind, next);
    if (numbers === null) {
      setPicks(next);
      onAnnounce(t('roulette.pickMore', { count: picksNeeded(insideKind, next) - next.length }));
      return;
    }
    setPicks([]);
    place(insideKind, numbers);
  };

  const describe = (spot: RouletteSpot) => `${t(`roulette.kinds.${spot.kind}`)} ${spot.numbers.join('-')}`;

  const chipMark = (chip: RouletteChip | null) =>
    chip ? (
      <span className={classes.chipMark} data-repeated={chip.repeated || undefined} aria-hidden="true">
        {chip.mark}
      </span>
    ) : null;

  const cell = (
    key: string,
    content: ReactNode,
    spot: RouletteSpot,
    onClick: () => void,
    options: { colour?: string; style: CSSProperties; label: string; picked?: boolean; hit?: boolean },
  ) => {
    const chip = chipOf(spot);
    return (
      <button
        key={key}
        type="button"
        className={classes.cell}
        style={options.style}
        data-colour={options.colour}
        data-picked={options.picked || undefined}
        data-hit={options.hit || undefined}
        data-won={won?.(spot) || undefined}
        data-repeated={chip?.repeated || undefined}
        data-testid={`roulette-${key}`}
        aria-label={chip ? `${options.label}, ${chip.label}` : options.label}
        aria-pressed={options.picked ?? undefined}
        onClick={onClick}
        disabled={disabled}
      >
        {content}
        {chipMark(chip)}
      </button>
    );
  };

  const hotspot = (spot: BoardHotspot) => {
    const chip = chipOf(spot);
    const label = describe(spot);
    return (
      <button
        key={spot.key}
        type="button"
        tabIndex={-1}
        className={classes.hotspot}
        style={gridCellOf(spot.anchor)}
        data-edge={spot.edge}
        data-won={won?.(spot) || undefined}
        data-testid={`roulette-${spot.key}`}
        aria-label={chip ? `${label}, ${chip.label}` : label}
        title={label}
        onClick={() => place(spot.kind, spot.numbers)}
        disabled={disabled}
      >
        {chipMark(chip)}
      </button>
    );
  };

  const straight = (n: number): RouletteSpot => ({ kind: 'straight', numbers: [n] });

  return (
    <div className={classes.board}>
      <SegmentedControl
        aria-label={t('roulette.betKind')}
        size="xs"
        value={insideKind}
        onChange={(value) => {
          setInsideKind(value as InsideKind);
          setPicks([]);
        }}
        data={INSIDE_KINDS.map((kind) => ({ value: kind, label: t(`roulette.kinds.${kind}`) }))}
        data-testid="bet-kind"
      />
      <Text size="xs" c="dimmed">
        {t(`roulette.howTo.${insideKind}`)}
      </Text>
      <div className={classes.scroller}>
        <div className={classes.table} data-testid="roulette-table">
          {cell('0', '0', straight(0), () => clickNumber(0), {
            colour: 'green',
            style: { gridColumn: 1, gridRow: '1 / span 3' },
            label: '0',
            picked: picks.includes(0),
            hit: hit === 0,
          })}
          {GRID_ROWS.flatMap((row) =>
            row.map((n) =>
              cell(String(n), n, straight(n), () => clickNumber(n), {
                colour: colourOf(n),
                style: gridCellOf(n),
                label: `${n} ${t(`roulette.colours.${colourOf(n)}`)}`,
                picked: picks.includes(n),
                hit: hit === n,
              }),
            ),
          )}
          {[3, 2, 1].map((column, rowIndex) => {
            const numbers = outsideNumbers('column', column);
            return cell(
              `column-${column}`,
              '2:1',
              { kind: 'column', numbers },
              () => place('column', numbers),
              { style: { gridColumn: 14, gridRow: rowIndex + 1 }, label: t('roulette.column', { column }) },
            );
          })}
          {[1, 2, 3].map((dozen) => {
            const numbers = outsideNumbers('dozen', dozen);
            return cell(
              `dozen-${dozen}`,
              t('roulette.dozenShort', { dozen }),
              { kind: 'dozen', numbers },
              () => place('dozen', numbers),
              {
                style: { gridColumn: `${2 + (dozen - 1) * 4} / span 4`, gridRow: 4 },
                label: t('roulette.dozen', { dozen }),
              },
            );
          })}
          {OUTSIDE_ROW.map(({ kind, colour }, index) => {
            const numbers = outsideNumbers(kind);
            return cell(kind, t(`roulette.kinds.${kind}`), { kind, numbers }, () => place(kind, numbers), {
              colour,
              style: { gridColumn: `${2 + index * 2} / span 2`, gridRow: 5 },
              label: t(`roulette.kinds.${kind}`),
            });
          })}
          {boardHotspots().map(hotspot)}
        </div>
      </div>
    </div>
  );
}
