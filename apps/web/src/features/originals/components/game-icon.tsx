import { INHOUSE_GAMES } from '@lotus/games/play';
import { studioSlotTitle } from '@lotus/games/slots/studio-slots';
import type { InHouseGameCode } from '@lotus/games/types';
import type { ReactNode } from 'react';
import { CardFan, CardPair, DiceTrio } from '../../../components/games/game-icon-parts.tsx';
import { symbolArt } from './slot-art.tsx';

/**
 * Issue 22: the catalogue tile icons of the studio's newer games (apps/web/public/brand/games/<code>.svg),
 * generated from the game itself instead of drawn by hand: a slot shows its three best-paying symbols'
 * artwork (slot-art.tsx, the paytable's order), a table or card game a glyph of what it deals (dice,
 * cards). game-icons.test.tsx renders these to the files (WRITE_GAME_ICONS=1) and fails when a file and
 * its game drift apart. The five first titles keep their hand-drawn icons.
 */

/**
 * The games whose icon file is generated here: every studio game newer than the first five, except the
 * fishing titles, whose icons are drawn by hand like the first five (not yet generated from the
 * renderer's species art).
 */
export const GENERATED_ICONS: InHouseGameCode[] = (Object.keys(INHOUSE_GAMES) as InHouseGameCode[]).filter(
  (code) =>
    !['lotus-fortune', 'tiger-temple', 'monsoon-gems', 'european-roulette', 'dragon-tiger'].includes(code) &&
    INHOUSE_GAMES[code].game !== 'fishing',
);

/** Background colours per game (the tile behind the art). */
const BACKGROUNDS: Partial<Record<InHouseGameCode, [string, string]>> = {
  'rajahs-ways': ['#4a148c', '#ffb300'],
  'maharani-1024': ['#880e4f', '#ffd54f'],
  'mumbai-cascade': ['#01579b', '#fdd835'],
  'holi-cascade': ['#6a1b9a', '#00e676'],
  'golden-diya': ['#311b92', '#ffca28'],
  'lakshmi-coins': ['#1b1b3a', '#ffd54f'],
  'sic-bo': ['#0b3d2e', '#ffd54f'],
  baccarat: ['#1a237e', '#ffd54f'],
  'andar-bahar': ['#7f1d1d', '#ffd54f'],
};

function Symbol64({ id, x, y, size }: { id: string; x: number; y: number; size: number }) {
  const Drawing = symbolArt(id);
  return (
    <g transform={`translate(${x} ${y}) scale(${size / 64})`}>
      <Drawing />
    </g>
  );
}

function glyph(code: InHouseGameCode): ReactNode {
  switch (code) {
    case 'sic-bo':
      return <DiceTrio top={70} />;
    case 'baccarat':
      return <CardPair top={70} />;
    default:
      return <CardFan top={40} drop={80} />;
  }
}

/** The icon of a studio game, 256×256. */
export function GameIcon({ code }: { code: InHouseGameCode }) {
  const [background, accent] = BACKGROUNDS[code] ?? ['#263238', '#ffd54f'];
  const title = studioSlotTitle(code);
  // A slot's three best-paying symbols: its symbols are listed from the top pay down (the paytable's keys
  // are not: an object puts an integer-like id such as '10' first).
  const top = title
    ? title.symbols
        .filter((s) => s.kind === 'normal')
        .map((s) => s.id)
        .slice(0, 3)
    : [];
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 256 256"
      role="img"
      aria-label={INHOUSE_GAMES[code].names.en}
    >
      <rect width="256" height="256" rx="28" fill={background} />
      <circle cx="128" cy="132" r="104" fill={accent} opacity="0.16" />
      <rect
        x="10"
        y="10"
        width="236"
        height="236"
        rx="22"
        fill="none"
        stroke={accent}
        strokeWidth="4"
        opacity="0.7"
      />
      {title ? (
        <>
          <Symbol64 id={top[1] ?? 'wild'} x={18} y={96} size={92} />
          <Symbol64 id={top[2] ?? 'wild'} x={146} y={96} size={92} />
          <Symbol64 id={top[0] ?? 'wild'} x={68} y={40} size={120} />
          {title.holdAndWin ? (
            <Symbol64
              id={title.symbols.find((s) => s.kind === 'bonus')?.id ?? 'wild'}
              x={98}
              y={170}
              size={60}
            />
          ) : null}
        </>
      ) : (
        glyph(code)
      )}
    </svg>
  );
}
