import type { LiveTableKind } from '@lotus/shared/live.schema';
import type { ReactNode } from 'react';
import {
  CardFan,
  CardGlyph,
  CardPair,
  DiceTrio,
  WheelGlyph,
} from '../../../components/games/game-icon-parts.tsx';

/**
 * Issue 22: the catalogue tile icon of a live table (apps/web/public/brand/games/live-<kind>.svg, which the
 * seed's `icon_url` points at), generated like the studio's game icons from the same drawings, so the two
 * families look alike; a live table is told apart by its dealer's felt and the red "LIVE" badge (the studio's
 * RNG versions of dragon tiger, sic bo, Andar Bahar and baccarat have none). live-table-icons.test.tsx
 * renders these to the files (WRITE_GAME_ICONS=1) and fails when a file and its drawing drift apart.
 */

/** The tile behind the art and the felt of the dealer's table, per kind. */
const COLOURS: Record<LiveTableKind, { background: string; felt: string }> = {
  baccarat: { background: '#102a43', felt: '#1b5e20' },
  'baccarat-nc': { background: '#2d1846', felt: '#1b5e20' },
  'dragon-tiger': { background: '#3e0d0d', felt: '#004d40' },
  roulette: { background: '#1a1a2e', felt: '#1b5e20' },
  'sic-bo': { background: '#0b3d2e', felt: '#7f1d1d' },
  'andar-bahar': { background: '#3b1f0b', felt: '#0d47a1' },
};

/** What the dealer's table shows, per kind. */
function glyph(kind: LiveTableKind): ReactNode {
  switch (kind) {
    case 'baccarat':
      return <CardPair top={86} />;
    case 'baccarat-nc':
      // Banker's winning 6, the one hand the no-commission table pays at 1:2.
      return <CardPair top={86} ranks={['6', '6']} />;
    case 'dragon-tiger':
      return (
        <>
          <CardGlyph x={30} y={92} rank="K" red />
          <text
            x="128"
            y="158"
            textAnchor="middle"
            fontSize="30"
            fontWeight="800"
            fontFamily="Arial, sans-serif"
            fill="#ffd54f"
          >
            VS
          </text>
          <CardGlyph x={146} y={92} rank="Q" red={false} />
        </>
      );
    case 'roulette':
      return <WheelGlyph cx={128} cy={148} r={76} />;
    case 'sic-bo':
      return <DiceTrio top={84} />;
    case 'andar-bahar':
      return <CardFan top={70} drop={60} />;
  }
}

/** The icon of a live table of this kind, 256×256; `label` is its name for a reader of the file alone. */
export function LiveTableIcon({ kind, label }: { kind: LiveTableKind; label: string }) {
  const { background, felt } = COLOURS[kind];
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" role="img" aria-label={label}>
      <defs>
        <clipPath id="tile">
          <rect width="256" height="256" rx="28" />
        </clipPath>
      </defs>
      <rect width="256" height="256" rx="28" fill={background} />
      {/* The dealer's table: a felt oval with a gold rail across the lower part of the tile. */}
      <ellipse
        cx="128"
        cy="250"
        rx="170"
        ry="160"
        fill={felt}
        stroke="#ffca28"
        strokeWidth="5"
        clipPath="url(#tile)"
      />
      <rect
        x="10"
        y="10"
        width="236"
        height="236"
        rx="22"
        fill="none"
        stroke="#ffca28"
        strokeWidth="4"
        opacity="0.7"
      />
      {glyph(kind)}
      <g data-badge="live">
        <rect x="20" y="20" width="92" height="34" rx="17" fill="#e03131" stroke="#ffffff" strokeWidth="2" />
        <circle cx="39" cy="37" r="6" fill="#ffffff" />
        <text x="52" y="45" fontSize="21" fontWeight="800" fontFamily="Arial, sans-serif" fill="#ffffff">
          LIVE
        </text>
      </g>
    </svg>
  );
}
