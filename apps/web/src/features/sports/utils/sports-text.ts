import type { SportCode, SportGroup, SportsMarket } from '@lotus/shared/sportsbook.schema';
import type { TFunction } from '../../../lib/i18n.ts';

export type Names = { EN: string; HI: string };

/** A name in the page's language (the book names everything in English and Hindi). */
export function nameIn(names: Names, language: string): string {
  return language.toLowerCase().startsWith('hi') ? names.HI || names.EN : names.EN;
}

/** The line of a market as players read it: "2.5", "+1.5", "−0.25". */
export function lineText(lineMilli: number, signed: boolean): string {
  const value = Math.abs(lineMilli) / 1000;
  const text = Number.isInteger(value * 10) ? value.toFixed(1) : String(value);
  if (!signed || lineMilli === 0) return text;
  return `${lineMilli > 0 ? '+' : '−'}${text}`;
}

const SIGNED_LINES = new Set(['asian_handicap', 'handicap', 'set_handicap', 'map_handicap']);

/** "Total goals 2.5", "Map winner · Map 2", "Next goal · Goal 3" in the page's language. */
export function marketTitle(
  t: TFunction,
  market: Pick<SportsMarket, 'type' | 'param' | 'lineMilli'>,
): string {
  const name = t(`sports:markets.${market.type}`, { defaultValue: market.type });
  const parts = [name];
  if (market.param)
    parts.push(t(`sports:params.${market.type}`, { n: market.param, defaultValue: market.param }));
  if (market.lineMilli !== 0) parts.push(lineText(market.lineMilli, SIGNED_LINES.has(market.type)));
  return parts.join(' · ');
}

/** Which catalogue game (and so which session) an event's sport belongs to. */
export function groupOfSport(sport: SportCode | string): SportGroup {
  if (sport === 'cockfight') return 'cockfight';
  return ['cs2', 'dota2', 'valorant', 'lol'].includes(sport) ? 'esports' : 'sports';
}

/** The selections of the markets on a page, as the slip's price update takes them. */
export function pricesOf(markets: readonly (SportsMarket | null)[]) {
  const prices = new Map<string, { oddsMilli: number; open: boolean }>();
  for (const market of markets) {
    if (!market) continue;
    for (const selection of market.selections) {
      prices.set(selection.id, {
        oddsMilli: selection.oddsMilli,
        open: market.status === 'open' && selection.active,
      });
    }
  }
  return prices;
}
