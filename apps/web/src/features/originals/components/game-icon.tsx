import { FISHING_TITLES, type FishingTitleCode, isFishingTitleCode } from '@lotus/games/fishing/index';
import { INHOUSE_GAMES } from '@lotus/games/play';
import { studioSlotTitle } from '@lotus/games/slots/studio-slots';
import type { InHouseGameCode } from '@lotus/games/types';
import type { ReactNode } from 'react';
import { CardFan, CardPair, DiceTrio } from '../../../components/games/game-icon-parts.tsx';
import { fishArt } from '../utils/fishing-sprites.ts';
import { symbolArt } from './slot-art.tsx';

/**
 * Issue 22: the catalogue tile icons of the studio's newer games (apps/web/public/brand/games/<code>.svg),
 * generated from the game itself instead of drawn by hand: a slot shows its three best-paying symbols'
 * artwork (slot-art.tsx, the paytable's order), a table or card game a glyph of what it deals (dice,
 * cards), a fishing title three of its fish. game-icons.test.tsx renders these to the files (WRITE_GAME_ICONS=1) and fails when a file and
 * its game drift apart. The five first titles keep their hand-drawn icons.
 */

/**
 * The games whose icon file is generated here: every studio game newer than the first five — the fishing
 * titles too, drawn from the canvas's own species art (fishing-sprites.ts `fishArt`).
 */
export const GENERATED_ICONS: InHouseGameCode[] = (Object.keys(INHOUSE_GAMES) as InHouseGameCode[]).filter(
  (code) =>
    !['lotus-fortune', 'tiger-temple', 'monsoon-gems', 'european-roulette', 'dragon-tiger'].includes(code),
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
  'ocean-king': ['#01579b', '#4fc3f7'],
  'lotus-reef': ['#006064', '#80deea'],
  'deep-sea-hunt': ['#0d1b3e', '#5c6bc0'],
};

/** One species as the fishing canvas draws it, centred at (x, y), `r` pixels from centre to snout. */
function FishGlyph({
  code,
  x,
  y,
  r,
  flip,
}: {
  code: string;
  x: number;
  y: number;
  r: number;
  flip?: boolean;
}) {
  const art = fishArt(code);
  if (!art) return null;
  return (
    <g transform={`translate(${x} ${y}) scale(${flip ? -r : r} ${r})`}>
      {art.halo ? <path d={art.body} fill="none" stroke={art.halo} strokeWidth={0.18} /> : null}
      <path d={art.body} fill={art.bodyColour} />
      <path d={art.accent} fill={art.accentColour} />
    </g>
  );
}

/**
 * A fishing title's three fish: its largest species in the middle, a golden carp or a bomb crab when it
 * has one (else its second largest) and its smallest beside it.
 */
function fishingGlyph(code: FishingTitleCode): ReactNode {
  const bySize = [...FISHING_TITLES[code].species].sort((a, b) => b.radius - a.radius);
  const [largest] = bySize;
  const special =
    bySize.find((s) => s.kind === 'golden') ?? bySize.find((s) => s.kind === 'bomb') ?? bySize[1];
  const smallest = bySize[bySize.length - 1];
  return (
    <>
      <FishGlyph code={special?.code ?? ''} x={70} y={186} r={40} />
      <FishGlyph code={smallest?.code ?? ''} x={190} y={190} r={30} flip />
      <FishGlyph code={largest?.code ?? ''} x={128} y={100} r={72} />
    </>
  );
}

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
      ) : isFishingTitleCode(code) ? (
        fishingGlyph(code)
      ) : (
        glyph(code)
      )}
    </svg>
  );
}
