import type { SportsMarket, SportsSelection } from '@lotus/shared/sportsbook.schema';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { nameIn } from '../utils/sports-text.ts';
import classes from './sports.module.css';

/** A market whose prices are over: resulted (each selection's outcome) or void (every stake returned). */
export function isSettledMarket(market: Pick<SportsMarket, 'status'>): boolean {
  return market.status === 'resulted' || market.status === 'void';
}

/** What a settled selection shows: its outcome (void for a void market), `dead_heat` for a shared win. */
export function selectionResult(
  market: Pick<SportsMarket, 'status'>,
  selection: Pick<SportsSelection, 'outcome' | 'deadHeatMilli'>,
): 'win' | 'lose' | 'void' | 'half_win' | 'half_lose' | 'dead_heat' | 'none' {
  if (market.status === 'void') return 'void';
  if (selection.outcome === 'win' && selection.deadHeatMilli !== null) return 'dead_heat';
  return selection.outcome ?? 'none';
}

/** A dead heat's share of the win as players read it: 1/2, 1/3 …, else a percentage. */
export function deadHeatShare(deadHeatMilli: number): string {
  const ways = Math.round(1000 / deadHeatMilli);
  return ways >= 2 && Math.abs(1000 / ways - deadHeatMilli) <= 1 ? `1/${ways}` : `${deadHeatMilli / 10}%`;
}

/** The mark beside each outcome's text, so the result reads without its colour. */
const MARKS = { win: '✓', lose: '✗', void: '⊘', half_win: '◐', half_lose: '◑', dead_heat: '=', none: '–' };

/**
 * A settled market in place of its odds buttons: each selection with its outcome as a mark and a word
 * (won, lost, void, half won, half lost, dead heat with its share), the winners highlighted.
 */
export function MarketResult({
  market,
  name,
  labelOf,
}: {
  market: SportsMarket;
  name: string;
  labelOf?: (selection: SportsSelection) => string;
}) {
  const { t, i18n } = useTranslation('sports');
  return (
    <ul className={classes.results} aria-label={t('result.label', { market: name })}>
      {market.selections.map((selection) => {
        const result = selectionResult(market, selection);
        const outcome =
          result === 'dead_heat'
            ? t('result.dead_heat', { share: deadHeatShare(selection.deadHeatMilli ?? 1000) })
            : t(`result.${result}`);
        return (
          <li
            key={selection.id}
            className={classes.result}
            data-testid={`sports-result-${selection.id}`}
            data-outcome={selection.outcome ?? (market.status === 'void' ? 'void' : 'none')}
            data-dead-heat={selection.deadHeatMilli ?? undefined}
            data-result={result}
          >
            <span className={classes.oddsLabel}>
              {labelOf?.(selection) ?? nameIn(selection.name, i18n.language)}
            </span>
            <span className={classes.resultOutcome}>
              <span aria-hidden="true">{MARKS[result]} </span>
              {outcome}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
