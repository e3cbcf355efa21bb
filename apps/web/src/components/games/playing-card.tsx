import type { Card } from '@lotus/games/types';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import classes from './playing-card.module.css';

/** Ranks 1–13 (ace low, as the studio's cards are dealt) and suits 0–3: ♠ ♥ ♦ ♣. */
const RANK_KEYS = [
  '',
  'ace',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'jack',
  'queen',
  'king',
] as const;
const SUIT_KEYS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
const RANK_MARKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_MARKS = ['♠', '♥', '♦', '♣'];

/** A card in short text ("K♠"), for announcements and the verify page's outcome lines. */
export function cardText(card: Card): string {
  return `${RANK_MARKS[card.rank] ?? '?'}${SUIT_MARKS[card.suit] ?? ''}`;
}

/**
 * The suits as paths in a 100×100 box: drawn, never typed, so a machine without a symbol font still shows
 * them (the studio's slots once showed empty boxes for emoji).
 */
const SUIT_PATHS = [
  'M50 6C72 30 96 46 92 68C89 84 70 88 55 76L62 96H38L45 76C30 88 11 84 8 68C4 46 28 30 50 6Z',
  'M50 92C20 68 4 52 6 32C8 14 30 6 42 18C46 22 48 26 50 30C52 26 54 22 58 18C70 6 92 14 94 32C96 52 80 68 50 92Z',
  'M50 4L88 50L50 96L12 50Z',
  'M50 8A19 19 0 0 1 66 38A19 19 0 1 1 58 70L64 96H36L42 70A19 19 0 1 1 34 38A19 19 0 0 1 50 8Z',
] as const;

/** A card's name for screen readers and tests: "Queen of hearts" (EN), its Hindi name in HI. */
export function useCardName(): (rank: number, suit: number) => string {
  const { t } = useTranslation('originals');
  return (rank, suit) =>
    t('cards.name', {
      rank: t(`cards.ranks.${RANK_KEYS[rank] ?? 'ace'}`),
      suit: t(`cards.suits.${SUIT_KEYS[suit] ?? 'spades'}`),
    });
}

/** Whether a suit is red (hearts, diamonds). */
export const isRedSuit = (suit: number) => suit === 1 || suit === 2;

function Suit({
  suit,
  x,
  y,
  size,
  flip,
}: {
  suit: number;
  x: number;
  y: number;
  size: number;
  flip?: boolean;
}) {
  const scale = size / 100;
  const turn = flip ? ` rotate(180 ${size / 2} ${size / 2})` : '';
  return (
    <path d={SUIT_PATHS[suit] ?? SUIT_PATHS[0]} transform={`translate(${x} ${y})${turn} scale(${scale})`} />
  );
}

type PlayingCardProps = {
  /** 1 (ace) … 13 (king); ignored face down. */
  rank: number | null;
  /** 0 ♠, 1 ♥, 2 ♦, 3 ♣; ignored face down. */
  suit: number | null;
  faceUp: boolean;
  /** Width in CSS pixels (the card is 5:7); by default it follows the frame's width. */
  size?: number;
  /** The accessible name; by default the card's name face up, "face down" otherwise. */
  label?: string;
  testId?: string;
};

/**
 * A playing card drawn in SVG: rank in two corners, the suit large in the middle (the court cards framed),
 * red or black, and a back for a face-down card; turning it face up flips it (no flip under reduced motion).
 * Generic on purpose: the studio's dragon tiger, the live tables and the PVP Teen Patti table use it. Its
 * texts are the `originals` namespace's `cards.*`, so a screen outside the studio waits for that namespace too.
 */
export function PlayingCard({ rank, suit, faceUp, size, label, testId }: PlayingCardProps) {
  const { t } = useTranslation('originals');
  const cardName = useCardName();
  const patternId = useId();
  const known = rank !== null && suit !== null && rank >= 1 && rank <= 13 && suit >= 0 && suit <= 3;
  const up = faceUp && known;
  const name = up ? cardName(rank, suit) : t('cards.faceDown');
  const red = known && isRedSuit(suit);
  const mark = known ? (RANK_MARKS[rank] ?? '') : '';
  const court = known && rank >= 11;
  const ink = red ? '#c92a2a' : '#212529';
  return (
    <div
      className={classes.card}
      style={size ? { width: size } : undefined}
      data-face={up ? 'up' : 'down'}
      data-rank={up ? rank : undefined}
      data-suit={up ? suit : undefined}
      data-red={up && red ? true : undefined}
      role="img"
      aria-label={label ?? name}
      data-testid={testId}
    >
      <div className={classes.cardInner}>
        <svg className={classes.cardBack} viewBox="0 0 100 140" aria-hidden="true">
          <defs>
            <pattern
              id={patternId}
              width="10"
              height="10"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="10" height="10" fill="#364fc7" />
              <rect width="5" height="10" fill="#4c6ef5" />
            </pattern>
          </defs>
          <rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#adb5bd" />
          <rect x="6" y="6" width="88" height="128" rx="5" fill={`url(#${patternId})`} />
        </svg>
        <svg className={classes.cardFace} viewBox="0 0 100 140" aria-hidden="true" fill={ink}>
          <rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#adb5bd" />
          {known ? (
            <>
              <text x="9" y="24" fontSize="20" fontWeight="700" fontFamily="Georgia, serif">
                {mark}
              </text>
              <Suit suit={suit} x={9} y={29} size={13} />
              <g transform="rotate(180 50 70)">
                <text x="9" y="24" fontSize="20" fontWeight="700" fontFamily="Georgia, serif">
                  {mark}
                </text>
                <Suit suit={suit} x={9} y={29} size={13} />
              </g>
              {court ? (
                <>
                  <rect x="24" y="30" width="52" height="80" rx="4" fill="none" stroke={ink} />
                  <text
                    x="50"
                    y="66"
                    fontSize="30"
                    fontWeight="700"
                    fontFamily="Georgia, serif"
                    textAnchor="middle"
                  >
                    {mark}
                  </text>
                  <Suit suit={suit} x={38} y={74} size={24} />
                </>
              ) : (
                <Suit suit={suit} x={26} y={46} size={48} />
              )}
            </>
          ) : null}
        </svg>
      </div>
    </div>
  );
}
