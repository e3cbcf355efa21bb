import { SHOE_SIZE, shoeCard } from '../dragon-tiger.ts';
import { createDraws, type Draws, type Hmac, hmacSha256 } from '../fair.ts';
import {
  type AndarBaharBet,
  andarBaharExactRtp,
  dealAndarBahar,
  settleAndarBahar,
} from '../live/andar-bahar.ts';
import { type BaccaratBet, baccaratBetEdges, dealBaccarat, settleBaccarat } from '../live/baccarat.ts';
import type { Shoe } from '../live/shoe.ts';
import { rollSicBo, type SicBoBet, settleSicBo, sicBoExactRtp } from '../live/sic-bo.ts';
import { type Fraction, toNumber } from '../rational.ts';
import type { AndarBaharOutcome, BaccaratOutcome, Card, FairInputs, SicBoOutcome } from '../types.ts';

/**
 * The studio's single-player table and card games (issue 22): Sic Bo, Baccarat and Andar Bahar played
 * against the house, one round per play, from the round's own fair inputs — the same rules and pays as the
 * shared live tables (live/*.ts, docs/live-tables.md), but with a fresh shoe or deck every round instead
 * of a shared shoe, so a round is recomputed from (serverSeed, clientSeed, nonce) alone like every studio
 * round.
 *
 * Draw order (packages/games/src/README.md "Fairness"):
 * - sic bo: three int(6), one per die (live/sic-bo.ts rollSicBo);
 * - baccarat: a fresh 8-deck shoe (416 cards in dragon-tiger.ts's order), of which the first six cards of a
 *   Fisher–Yates shuffle are drawn — int(416), int(415), … int(411) — always six, though a coup uses four
 *   to six (player, banker, player, banker, then the third cards); commission variant (banker 0.95:1);
 * - andar bahar: a fresh 52-card deck shuffled by Fisher–Yates from the front, int(52), int(51), … int(2)
 *   (51 draws), then the joker and the cards dealt from the top (live/andar-bahar.ts).
 */

/** The first `count` cards of a Fisher–Yates shuffle of `size` cards (card i = shoeCard(i)). */
function partialShuffle(draws: Draws, size: number, count: number): Card[] {
  const order = Array.from({ length: size }, (_, i) => i);
  const out: Card[] = [];
  for (let i = 0; i < count; i++) {
    // The last card of a full shuffle has nowhere else to go: no draw for it.
    const j = size - i > 1 ? i + draws.int(size - i) : i;
    const t = order[i] ?? 0;
    order[i] = order[j] ?? 0;
    order[j] = t;
    out.push(shoeCard(order[i] ?? 0));
  }
  return out;
}

const shoeOf = (cards: Card[]): Shoe => ({
  decks: 0,
  commitment: '',
  cards,
  position: 0,
  cutIndex: cards.length,
});

export const BACCARAT_CARDS_DRAWN = 6;

export function playStudioSicBo(bets: SicBoBet[], inputs: FairInputs, hmac: Hmac = hmacSha256): SicBoOutcome {
  const dice = rollSicBo(inputs, hmac);
  const settled = settleSicBo(bets, dice);
  return { game: 'sic-bo', dice, total: dice[0] + dice[1] + dice[2], ...settled };
}

export function playStudioBaccarat(
  bets: BaccaratBet[],
  inputs: FairInputs,
  hmac: Hmac = hmacSha256,
): BaccaratOutcome {
  const cards = partialShuffle(createDraws(inputs, hmac), SHOE_SIZE, BACCARAT_CARDS_DRAWN);
  const coup = dealBaccarat(shoeOf(cards));
  const settled = settleBaccarat(bets, coup, 'commission');
  return {
    game: 'baccarat',
    player: coup.player,
    banker: coup.banker,
    playerPoints: coup.playerPoints,
    bankerPoints: coup.bankerPoints,
    winner: coup.winner,
    playerPair: coup.playerPair,
    bankerPair: coup.bankerPair,
    ...settled,
  };
}

export function playStudioAndarBahar(
  bets: AndarBaharBet[],
  inputs: FairInputs,
  hmac: Hmac = hmacSha256,
): AndarBaharOutcome {
  const round = dealAndarBahar(shoeOf(partialShuffle(createDraws(inputs, hmac), 52, 52)));
  const settled = settleAndarBahar(bets, round);
  return {
    game: 'andar-bahar',
    joker: round.joker,
    andar: round.andar,
    bahar: round.bahar,
    winner: round.winner,
    ...settled,
  };
}

/** A figure to 4 decimals, as every title declares its RTP. */
const declared = (f: Fraction): number => Math.round(toNumber(f) * 10_000) / 10_000;

/**
 * Per-bet exact RTPs of the studio's table games (before rounding a win down to a whole minor unit), and
 * each game's declared RTP: that of its main even-money bet (sic bo small/big, baccarat banker, andar bahar
 * bahar), the figure the catalogue shows. The rules page lists every bet's.
 */
export function tableGameRtps(): Record<
  'sic-bo' | 'baccarat' | 'andar-bahar',
  { declared: number; bets: Record<string, number> }
> {
  const edges = baccaratBetEdges(8);
  const ab = andarBaharExactRtp();
  const sicBo = {
    'small / big': sicBoExactRtp('small', []),
    'odd / even': sicBoExactRtp('odd', []),
    'total 4 / 17': sicBoExactRtp('total', [4]),
    'total 9–12': sicBoExactRtp('total', [10]),
    'any triple': sicBoExactRtp('any-triple', []),
    triple: sicBoExactRtp('triple', [1]),
    double: sicBoExactRtp('double', [1]),
    combination: sicBoExactRtp('combination', [1, 2]),
    single: sicBoExactRtp('single', [1]),
  };
  const map = (o: Record<string, Fraction>) =>
    Object.fromEntries(Object.entries(o).map(([k, f]) => [k, declared(f)]));
  const banker = edges['banker (commission)']?.rtp;
  if (!banker) throw new Error('baccarat edges lack the banker');
  return {
    'sic-bo': { declared: declared(sicBo['small / big']), bets: map(sicBo) },
    baccarat: {
      declared: declared(banker),
      bets: map({
        player: edges.player?.rtp ?? banker,
        banker,
        tie: edges.tie?.rtp ?? banker,
        'player pair': edges['player pair']?.rtp ?? banker,
        'banker pair': edges['banker pair']?.rtp ?? banker,
      }),
    },
    'andar-bahar': { declared: declared(ab.bahar), bets: map({ andar: ab.andar, bahar: ab.bahar }) },
  };
}
