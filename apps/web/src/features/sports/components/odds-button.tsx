import type { SportsEventSummary, SportsMarket, SportsSelection } from '@lotus/shared/sportsbook.schema';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useBetSlip } from '../hooks/bet-slip-store.ts';
import { useOddsFormat } from '../hooks/use-odds-format.ts';
import { nameIn } from '../utils/sports-text.ts';
import { isSettledMarket, MarketResult } from './market-result.tsx';
import classes from './sports.module.css';

/** How long a moved price stays flashed. */
const FLASH_MS = 1_800;

/** The direction of the last price move, cleared after a moment (null: no recent move). */
function useMove(oddsMilli: number): 'up' | 'down' | null {
  const last = useRef(oddsMilli);
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (oddsMilli === last.current) return;
    setMove(oddsMilli > last.current ? 'up' : 'down');
    last.current = oddsMilli;
    const timer = window.setTimeout(() => setMove(null), FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [oddsMilli]);
  return move;
}

type OddsButtonProps = {
  event: Pick<SportsEventSummary, 'id' | 'sport' | 'home' | 'away' | 'status'>;
  market: SportsMarket;
  selection: SportsSelection;
  /** The short text above the price (1 / X / 2 in the lobby); the selection's name by default. */
  label?: string;
};

/**
 * One selection's price: a toggle that puts it on the bet slip (aria-pressed), disabled while its market is
 * suspended or it is inactive, flashing up or down (with an arrow, not only a colour) when the price moves.
 */
export function OddsButton({ event, market, selection, label }: OddsButtonProps) {
  const { t, i18n } = useTranslation('sports');
  const { odds } = useOddsFormat();
  const picked = useBetSlip((state) => state.picks.some((pick) => pick.selectionId === selection.id));
  const toggle = useBetSlip((state) => state.toggle);
  const move = useMove(selection.oddsMilli);
  const open = market.status === 'open' && selection.active;
  const name = nameIn(selection.name, i18n.language);
  const price = open ? odds(selection.oddsMilli) : t('odds.suspended');
  const arrow = move === 'up' ? '▲' : move === 'down' ? '▼' : '';
  return (
    <button
      type="button"
      className={classes.odds}
      aria-pressed={picked}
      disabled={!open && !picked}
      data-move={move ?? undefined}
      data-testid={`sports-odds-${selection.id}`}
      data-odds={selection.oddsMilli}
      aria-label={t('odds.label', { selection: name, odds: price })}
      onClick={() =>
        toggle({
          selectionId: selection.id,
          eventId: event.id,
          sport: event.sport,
          home: event.home,
          away: event.away,
          marketId: market.id,
          marketType: market.type,
          param: market.param,
          lineMilli: market.lineMilli,
          selectionKey: selection.key,
          selectionName: selection.name,
          oddsMilli: selection.oddsMilli,
          previousOddsMilli: null,
          open,
          inPlay: market.inPlay || event.status === 'live',
          maxStakeMinor: market.maxStakeMinor,
        })
      }
    >
      <span className={classes.oddsLabel} aria-hidden="true">
        {label ?? name}
      </span>
      <span className={classes.oddsPrice}>
        {price}
        {arrow ? <span aria-hidden="true"> {arrow}</span> : null}
      </span>
    </button>
  );
}

/**
 * A market's prices as one named group (the lobby's main market, the arena's fight, a market of the event
 * page): `labelOf` gives each button its short text (1 X 2, Meron / Wala / Draw). A settled market shows
 * each selection's outcome instead.
 */
export function MarketOdds({
  event,
  market,
  name,
  labelOf,
}: Omit<OddsButtonProps, 'selection' | 'label'> & {
  name: string;
  labelOf?: ((selection: SportsSelection) => string) | undefined;
}) {
  if (isSettledMarket(market)) return <MarketResult market={market} name={name} labelOf={labelOf} />;
  return (
    <fieldset className={classes.oddsGrid} aria-label={name}>
      {market.selections.map((selection) => (
        <OddsButton
          key={selection.id}
          event={event}
          market={market}
          selection={selection}
          label={labelOf?.(selection)}
        />
      ))}
    </fieldset>
  );
}
