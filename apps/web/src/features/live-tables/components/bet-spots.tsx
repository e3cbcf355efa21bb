import type { LiveTableKind } from '@lotus/shared/live.schema';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import type { SpotDef } from '../utils/spots.ts';
import classes from './live-tables.module.css';

type Props = {
  kind: LiveTableKind;
  spots: SpotDef[];
  /** Chips on the table now (not yet placed), by spot. */
  pending: Map<string, bigint>;
  /** Bets placed on this round, by spot. */
  placed: Map<string, bigint>;
  /** Spots that won this round (lit once the outcome is out). */
  winning: ReadonlySet<string>;
  disabled: boolean;
  currencySymbol: string;
  onSpot: (spot: string) => void;
};

// Roulette is not here: its table is the shared board (components/games/roulette-board.tsx).
const GROUP_ORDER = ['main', 'side', 'total', 'single', 'double', 'triple', 'combination'];

/**
 * The table's bet spots as buttons (keyboard and screen reader: each is named with its pays and the chips
 * on it); a click puts the chosen chip on it. Grouped in rows per kind.
 */
export function BetSpots({ kind, spots, pending, placed, winning, disabled, currencySymbol, onSpot }: Props) {
  const { t } = useTranslation('liveTables');
  const groups = GROUP_ORDER.map((group) => ({
    group,
    spots: spots.filter((spot) => spot.group === group),
  })).filter((entry) => entry.spots.length > 0);
  return (
    <div className={classes.spots} data-kind={kind} data-testid="live-spots">
      {groups.map(({ group, spots: inGroup }) => (
        <div key={group} className={classes.spotGroup} data-group={group}>
          {group !== 'main' ? <span className={classes.spotGroupTitle}>{t(`groups.${group}`)}</span> : null}
          <div className={classes.spotRow} data-group={group}>
            {inGroup.map((def) => {
              const name = t(`spots.${def.nameKey}`, def.values);
              const mine = pending.get(def.spot) ?? 0n;
              const already = placed.get(def.spot) ?? 0n;
              const amounts = [
                mine > 0n ? t('spotPending', { amount: moneyText(mine, currencySymbol) }) : '',
                already > 0n ? t('spotPlaced', { amount: moneyText(already, currencySymbol) }) : '',
              ].filter(Boolean);
              return (
                <button
                  key={def.spot}
                  type="button"
                  className={classes.spot}
                  data-spot={def.spot}
                  data-tone={def.colour}
                  data-won={winning.has(def.spot) || undefined}
                  data-testid={`spot-${def.spot}`}
                  disabled={disabled}
                  aria-label={[t('spotLabel', { name, pays: def.pays }), ...amounts].join(', ')}
                  onClick={() => onSpot(def.spot)}
                >
                  <span className={classes.spotName}>{name}</span>
                  <span className={classes.spotPays}>{def.pays}</span>
                  {mine > 0n || already > 0n ? (
                    <span className={classes.spotChip} data-testid={`chip-${def.spot}`}>
                      {moneyText(mine + already, currencySymbol).replace(/\.00$/, '')}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
