import {
  beadPlate,
  bigEyeBoy,
  bigRoad,
  cockroachPig,
  type DerivedCell,
  ROAD_ROWS,
  smallRoad,
} from '@lotus/games/live/roads';
import type { LiveRoadCoup } from '@lotus/shared/live.schema';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './live-tables.module.css';

const CELL = 16;
const COLOURS = { player: '#1c7ed6', banker: '#e03131', tie: '#2f9e44', red: '#e03131', blue: '#1c7ed6' };

type GridProps = {
  label: string;
  columns: number;
  /** Cells smaller than the big road's: the derived roads draw two marks per big road cell. */
  cell?: number;
  testId: string;
  children: ReactNode;
};

/** A road's grid, 6 rows high, as wide as its columns (at least `columns`); it scrolls sideways in its box. */
function RoadGrid({ label, columns, cell = CELL, testId, children }: GridProps) {
  const width = columns * cell;
  const height = ROAD_ROWS * cell;
  return (
    <figure className={classes.road} data-testid={testId}>
      <figcaption className={classes.roadCaption}>{label}</figcaption>
      <div className={classes.roadScroll}>
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
          <defs>
            <pattern id={`${testId}-grid`} width={cell} height={cell} patternUnits="userSpaceOnUse">
              <path d={`M ${cell} 0 L 0 0 0 ${cell}`} className={classes.roadLine} />
            </pattern>
          </defs>
          <rect width={width} height={height} fill={`url(#${testId}-grid)`} />
          {children}
        </svg>
      </div>
    </figure>
  );
}

const columnsOf = (cells: readonly { column: number }[], least: number) =>
  Math.max(least, ...cells.map((cell) => cell.column + 2));

/** The bead plate: one filled disc per coup, its winner's letter in it, pairs as dots. */
export function BeadPlate({ road, least = 12 }: { road: LiveRoadCoup[]; least?: number }) {
  const { t } = useTranslation('liveTables');
  const cells = beadPlate(road);
  return (
    <RoadGrid label={t('roads.bead')} columns={columnsOf(cells, least)} testId="road-bead">
      {cells.map((cell) => {
        const x = cell.column * CELL + CELL / 2;
        const y = cell.row * CELL + CELL / 2;
        return (
          <g key={`${cell.column}-${cell.row}`} data-winner={cell.winner}>
            <circle cx={x} cy={y} r={CELL / 2 - 1.5} fill={COLOURS[cell.winner]} />
            <text x={x} y={y + 3.5} textAnchor="middle" className={classes.beadText}>
              {t(`roads.letter.${cell.winner}`)}
            </text>
            {cell.bankerPair ? (
              <circle cx={x - 4.5} cy={y - 4.5} r={2} fill={COLOURS.banker} stroke="#fff" />
            ) : null}
            {cell.playerPair ? (
              <circle cx={x + 4.5} cy={y + 4.5} r={2} fill={COLOURS.player} stroke="#fff" />
            ) : null}
          </g>
        );
      })}
    </RoadGrid>
  );
}

/** The big road: rings in the winner's colour, ties as green strokes across, dragon tails to the right. */
export function BigRoad({ road }: { road: LiveRoadCoup[] }) {
  const { t } = useTranslation('liveTables');
  const cells = bigRoad(road);
  return (
    <RoadGrid label={t('roads.big')} columns={columnsOf(cells, 20)} testId="road-big">
      {cells.map((cell) => {
        const x = cell.column * CELL + CELL / 2;
        const y = cell.row * CELL + CELL / 2;
        return (
          <g key={`${cell.column}-${cell.row}`} data-winner={cell.winner}>
            <circle
              cx={x}
              cy={y}
              r={CELL / 2 - 2}
              fill="none"
              stroke={COLOURS[cell.winner]}
              strokeWidth={2}
            />
            {cell.ties > 0 ? (
              <line x1={x - 5} y1={y + 5} x2={x + 5} y2={y - 5} stroke={COLOURS.tie} strokeWidth={2} />
            ) : null}
          </g>
        );
      })}
    </RoadGrid>
  );
}

type DerivedProps = { road: LiveRoadCoup[]; k: 1 | 2 | 3 };

/** Big eye boy (rings), small road (discs) and cockroach pig (strokes), on half-size cells. */
export function DerivedRoad({ road, k }: DerivedProps) {
  const { t } = useTranslation('liveTables');
  const cells: DerivedCell[] = k === 1 ? bigEyeBoy(road) : k === 2 ? smallRoad(road) : cockroachPig(road);
  const cell = CELL / 2;
  const name = k === 1 ? 'bigEye' : k === 2 ? 'small' : 'cockroach';
  return (
    <RoadGrid label={t(`roads.${name}`)} columns={columnsOf(cells, 24)} cell={cell} testId={`road-${name}`}>
      {cells.map((mark) => {
        const x = mark.column * cell + cell / 2;
        const y = mark.row * cell + cell / 2;
        const colour = COLOURS[mark.colour];
        return (
          <g key={`${mark.column}-${mark.row}`} data-colour={mark.colour}>
            {k === 1 ? (
              <circle cx={x} cy={y} r={cell / 2 - 1.5} fill="none" stroke={colour} strokeWidth={1.5} />
            ) : k === 2 ? (
              <circle cx={x} cy={y} r={cell / 2 - 1.5} fill={colour} />
            ) : (
              <line x1={x - 3} y1={y + 3} x2={x + 3} y2={y - 3} stroke={colour} strokeWidth={1.8} />
            )}
          </g>
        );
      })}
    </RoadGrid>
  );
}

/** The five roads of a baccarat table's current shoe. */
export function BaccaratRoads({ road }: { road: LiveRoadCoup[] }) {
  return (
    <div className={classes.roads} data-testid="baccarat-roads" data-coups={road.length}>
      <BeadPlate road={road} />
      <BigRoad road={road} />
      <DerivedRoad road={road} k={1} />
      <DerivedRoad road={road} k={2} />
      <DerivedRoad road={road} k={3} />
    </div>
  );
}
