import classes from './slot-art.module.css';
import { MECHANIC_ART } from './slot-art-mechanics.tsx';
import { type Art, INK, Tile } from './slot-art-tile.tsx';

/**
 * The studio's slot symbols, drawn by hand in SVG (issue 22): emoji render as empty boxes where a machine
 * lacks an emoji font, artwork renders everywhere. Every drawing sits on its own coloured tile on a 64×64
 * grid, so it reads the same on the light and the dark theme and stays legible at a 375 px cell (~60 px).
 * Gradients are avoided on purpose: their ids would have to be unique per instance, and a spinning reel
 * draws a hundred symbols at once.
 */

/** A card rank as a styled letter inside a cut gem frame, each rank its own colour. */
function rank(letter: string, fill: string, ring: string, size = 34): Art {
  return () => (
    <Tile fill="#1f1b2e" ring={ring}>
      <path d="M32 7 L55 20 L55 44 L32 57 L9 44 L9 20 Z" fill={fill} stroke={ring} strokeWidth="2.5" />
      <path d="M32 7 L32 57 M9 20 L55 44 M55 20 L9 44" stroke="#ffffff" strokeWidth="0.8" opacity="0.25" />
      <text
        x="32"
        y="33"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontWeight="700"
        fontSize={size}
        fill="#fff8e1"
        stroke={INK}
        strokeWidth="1.5"
        paintOrder="stroke"
      >
        {letter}
      </text>
    </Tile>
  );
}

/** A faceted gem: `outline` is the stone, `facets` the cut lines drawn over it; `ring` lights the tile's edge. */
function gem(fill: string, shade: string, ring: string, outline: string, facets: string): Art {
  return () => (
    <Tile fill="#16233a" ring={ring}>
      <path d={outline} fill={fill} stroke={shade} strokeWidth="2" strokeLinejoin="round" />
      <path d={facets} fill="none" stroke="#ffffff" strokeWidth="1.2" opacity="0.55" strokeLinejoin="round" />
      <circle cx="24" cy="22" r="3" fill="#ffffff" opacity="0.8" />
    </Tile>
  );
}

const Lotus: Art = () => (
  <Tile fill="#fde2ec" ring="#c2185b">
    <ellipse cx="32" cy="50" rx="22" ry="6" fill="#2e7d32" />
    <g fill="#f48fb1" stroke="#c2185b" strokeWidth="1.5">
      <path d="M32 48 C14 46 8 34 10 26 C20 28 28 36 32 48 Z" />
      <path d="M32 48 C50 46 56 34 54 26 C44 28 36 36 32 48 Z" />
      <path d="M32 48 C20 40 18 26 22 16 C28 22 32 34 32 48 Z" />
      <path d="M32 48 C44 40 46 26 42 16 C36 22 32 34 32 48 Z" />
    </g>
    <path
      d="M32 48 C26 36 27 20 32 10 C37 20 38 36 32 48 Z"
      fill="#ec407a"
      stroke="#ad1457"
      strokeWidth="1.5"
    />
    <circle cx="32" cy="44" r="3" fill="#ffd54f" />
  </Tile>
);

const Elephant: Art = () => (
  <Tile fill="#e3f2fd" ring="#5c6bc0">
    <ellipse cx="16" cy="30" rx="11" ry="14" fill="#90a4ae" stroke="#455a64" strokeWidth="1.5" />
    <ellipse cx="48" cy="30" rx="11" ry="14" fill="#90a4ae" stroke="#455a64" strokeWidth="1.5" />
    <circle cx="32" cy="28" r="14" fill="#b0bec5" stroke="#455a64" strokeWidth="1.5" />
    <path
      d="M27 36 C27 46 26 52 32 56 C36 58 40 55 38 52 C35 53 34 50 35 46 L36 36 Z"
      fill="#b0bec5"
      stroke="#455a64"
      strokeWidth="1.5"
    />
    <path d="M25 40 C22 44 20 44 18 43" stroke="#fffde7" strokeWidth="3" strokeLinecap="round" fill="none" />
    <path d="M39 40 C42 44 44 44 46 43" stroke="#fffde7" strokeWidth="3" strokeLinecap="round" fill="none" />
    <circle cx="26" cy="27" r="2" fill={INK} />
    <circle cx="38" cy="27" r="2" fill={INK} />
    <path d="M22 18 L32 12 L42 18 L32 22 Z" fill="#ffb300" stroke="#e65100" strokeWidth="1" />
    <circle cx="32" cy="17" r="2" fill="#d32f2f" />
  </Tile>
);

const Peacock: Art = () => (
  <Tile fill="#e0f2f1" ring="#00897b">
    <g stroke="#00695c" strokeWidth="1.2">
      {[-60, -30, 0, 30, 60].map((angle) => (
        <g key={angle} transform={`rotate(${angle} 32 46)`}>
          <line x1="32" y1="46" x2="32" y2="14" />
          <ellipse cx="32" cy="14" rx="6" ry="8" fill="#26a69a" />
          <ellipse cx="32" cy="15" rx="3.2" ry="4.2" fill="#1565c0" stroke="none" />
          <circle cx="32" cy="16" r="1.6" fill="#ffd54f" stroke="none" />
        </g>
      ))}
    </g>
    <path d="M30 56 C26 48 28 40 31 34 C33 30 37 30 37 34 C36 40 38 48 36 56 Z" fill="#1e88e5" />
    <circle cx="35" cy="31" r="4" fill="#1e88e5" />
    <path d="M38 31 L43 32 L38 33 Z" fill="#ffb300" />
    <circle cx="35.5" cy="30" r="1" fill="#ffffff" />
    <path d="M34 27 L33 23 M35 27 L36 23" stroke="#1e88e5" strokeWidth="1" />
  </Tile>
);

const Diya: Art = () => (
  <Tile fill="#fff3e0" ring="#ef6c00">
    <circle cx="32" cy="24" r="14" fill="#ffe082" opacity="0.55" />
    <path
      d="M32 10 C38 18 39 26 32 32 C25 26 26 18 32 10 Z"
      fill="#ff9800"
      stroke="#e65100"
      strokeWidth="1.2"
    />
    <path d="M32 18 C35 22 35 27 32 30 C29 27 29 22 32 18 Z" fill="#fff176" />
    <path
      d="M8 36 C14 36 22 38 32 38 C42 38 50 36 56 34 C54 46 44 54 32 54 C20 54 10 46 8 36 Z"
      fill="#a1552a"
      stroke="#5d2e0f"
      strokeWidth="1.5"
    />
    <path d="M14 42 C22 46 42 46 50 42" stroke="#ffca28" strokeWidth="2" fill="none" />
    <circle cx="24" cy="48" r="1.5" fill="#ffca28" />
    <circle cx="32" cy="49" r="1.5" fill="#ffca28" />
    <circle cx="40" cy="48" r="1.5" fill="#ffca28" />
  </Tile>
);

const Tiger: Art = () => (
  <Tile fill="#fff8e1" ring="#e65100">
    <circle cx="16" cy="16" r="7" fill="#fb8c00" stroke={INK} strokeWidth="1.5" />
    <circle cx="48" cy="16" r="7" fill="#fb8c00" stroke={INK} strokeWidth="1.5" />
    <ellipse cx="32" cy="34" rx="21" ry="20" fill="#fb8c00" stroke={INK} strokeWidth="1.5" />
    <ellipse cx="32" cy="44" rx="11" ry="8" fill="#fff3e0" />
    <g stroke={INK} strokeWidth="2.2" strokeLinecap="round" fill="none">
      <path d="M32 15 L32 22 M26 16 L28 22 M38 16 L36 22" />
      <path d="M12 30 L19 32 M12 38 L19 38 M52 30 L45 32 M52 38 L45 38" />
    </g>
    <ellipse cx="24" cy="30" rx="3" ry="3.5" fill="#c6ff00" stroke={INK} strokeWidth="1" />
    <ellipse cx="40" cy="30" rx="3" ry="3.5" fill="#c6ff00" stroke={INK} strokeWidth="1" />
    <ellipse cx="24" cy="30" rx="1" ry="2.5" fill={INK} />
    <ellipse cx="40" cy="30" rx="1" ry="2.5" fill={INK} />
    <path d="M28 38 L36 38 L32 42 Z" fill="#d81b60" />
    <path
      d="M32 42 L32 45 M32 45 C29 48 26 47 25 45 M32 45 C35 48 38 47 39 45"
      stroke={INK}
      strokeWidth="1.5"
      fill="none"
    />
  </Tile>
);

const Idol: Art = () => (
  <Tile fill="#3e2723" ring="#ffb300">
    <path
      d="M10 58 L10 30 C10 16 20 8 32 8 C44 8 54 16 54 30 L54 58"
      fill="none"
      stroke="#ffb300"
      strokeWidth="3"
    />
    <path d="M22 14 L26 6 L32 12 L38 6 L42 14 Z" fill="#ffca28" stroke="#ff8f00" strokeWidth="1" />
    <circle cx="32" cy="24" r="9" fill="#ffca28" stroke="#ff8f00" strokeWidth="1.5" />
    <path d="M28 23 L30 24 M34 24 L36 23" stroke="#5d4037" strokeWidth="1.5" strokeLinecap="round" />
    <circle cx="32" cy="19" r="1.3" fill="#d32f2f" />
    <path
      d="M20 56 C20 42 24 34 32 34 C40 34 44 42 44 56 Z"
      fill="#ffca28"
      stroke="#ff8f00"
      strokeWidth="1.5"
    />
    <path
      d="M20 44 C14 40 12 36 13 32 M44 44 C50 40 52 36 51 32"
      stroke="#ffca28"
      strokeWidth="3"
      strokeLinecap="round"
      fill="none"
    />
    <path d="M26 46 C30 49 34 49 38 46" stroke="#ff8f00" strokeWidth="1.5" fill="none" />
  </Tile>
);

const Cobra: Art = () => (
  <Tile fill="#f1f8e9" ring="#33691e">
    <path
      d="M14 56 C14 48 50 50 50 42 C50 36 40 38 36 40"
      stroke="#558b2f"
      strokeWidth="7"
      strokeLinecap="round"
      fill="none"
    />
    <path
      d="M32 40 C18 36 16 20 22 12 C26 8 38 8 42 12 C48 20 46 36 32 40 Z"
      fill="#7cb342"
      stroke="#33691e"
      strokeWidth="1.5"
    />
    <path d="M32 36 C26 32 25 22 28 17 L36 17 C39 22 38 32 32 36 Z" fill="#dcedc8" />
    <g stroke="#33691e" strokeWidth="1" fill="none">
      <path d="M28 22 L36 22 M27 27 L37 27 M28 32 L36 32" />
    </g>
    <circle cx="27" cy="15" r="2" fill="#d50000" />
    <circle cx="37" cy="15" r="2" fill="#d50000" />
    <path d="M32 18 L32 22 M32 22 L30 25 M32 22 L34 25" stroke="#d50000" strokeWidth="1.2" fill="none" />
  </Tile>
);

const Pearl: Art = () => (
  <Tile fill="#16233a" ring="#b39ddb">
    <path
      d="M8 46 C8 34 20 28 32 28 C44 28 56 34 56 46 Z"
      fill="#f8bbd0"
      stroke="#ad1457"
      strokeWidth="1.5"
    />
    <path
      d="M14 46 L20 32 M24 46 L27 29 M32 46 L32 28 M40 46 L37 29 M50 46 L44 32"
      stroke="#ad1457"
      strokeWidth="1"
    />
    <circle cx="32" cy="30" r="14" fill="#f5f5f5" stroke="#9e9e9e" strokeWidth="1.5" />
    <circle cx="32" cy="30" r="10" fill="#ede7f6" />
    <circle cx="27" cy="25" r="4" fill="#ffffff" />
    <rect x="8" y="46" width="48" height="8" rx="4" fill="#f48fb1" stroke="#ad1457" strokeWidth="1.5" />
  </Tile>
);

/** A gold burst behind the word: the wild, substituting for every symbol but the scatter. */
const Wild: Art = () => (
  <Tile fill="#4a148c" ring="#ffd600">
    <path
      d="M32 4 L38 20 L56 14 L46 30 L60 40 L42 42 L40 60 L32 46 L24 60 L22 42 L4 40 L18 30 L8 14 L26 20 Z"
      fill="#ffd600"
      stroke="#ff6f00"
      strokeWidth="1.5"
      strokeLinejoin="round"
    />
    <rect x="6" y="25" width="52" height="16" rx="4" fill="#d50000" stroke="#ffd600" strokeWidth="2" />
    <text
      x="32"
      y="33.5"
      textAnchor="middle"
      dominantBaseline="central"
      fontFamily="Impact, 'Arial Black', sans-serif"
      fontWeight="900"
      fontSize="14"
      letterSpacing="1"
      fill="#ffffff"
    >
      WILD
    </text>
  </Tile>
);

/** A mandala wheel with the word: the scatter, paying anywhere and awarding the free spins. */
const Scatter: Art = () => (
  <Tile fill="#006064" ring="#e040fb">
    <g transform="translate(32 28)">
      {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
        <ellipse
          key={angle}
          cx="0"
          cy="-13"
          rx="5"
          ry="10"
          fill="#e040fb"
          stroke="#ffffff"
          strokeWidth="1"
          transform={`rotate(${angle})`}
        />
      ))}
      <circle r="9" fill="#ffeb3b" stroke="#ff6f00" strokeWidth="1.5" />
      <circle r="4" fill="#ff6f00" />
    </g>
    <rect x="4" y="44" width="56" height="14" rx="4" fill="#311b92" stroke="#e040fb" strokeWidth="1.5" />
    <text
      x="32"
      y="51.5"
      textAnchor="middle"
      dominantBaseline="central"
      fontFamily="Impact, 'Arial Black', sans-serif"
      fontWeight="900"
      fontSize="10"
      fill="#ffffff"
    >
      SCATTER
    </text>
  </Tile>
);

/** An id without art of its own (a title newer than this file): a plain drawn tile, never a box or a letter. */
const Fallback: Art = () => (
  <Tile fill="#eceff1" ring="#78909c">
    <circle cx="32" cy="32" r="16" fill="#b0bec5" stroke="#546e7a" strokeWidth="2" />
    <path d="M32 20 L42 32 L32 44 L22 32 Z" fill="#eceff1" stroke="#546e7a" strokeWidth="1.5" />
  </Tile>
);

/** Every symbol id of every title, one line each: a new title's new symbol is one more line here. */
const ART: Record<string, Art> = {
  lotus: Lotus,
  elephant: Elephant,
  peacock: Peacock,
  diya: Diya,
  tiger: Tiger,
  idol: Idol,
  cobra: Cobra,
  ruby: gem(
    '#e53935',
    '#8e0000',
    '#ff8a80',
    'M20 10 L44 10 L56 26 L32 56 L8 26 Z',
    'M8 26 L56 26 M20 10 L26 26 L32 56 L38 26 L44 10 M26 26 L32 10 L38 26',
  ),
  emerald: gem(
    '#43a047',
    '#1b5e20',
    '#a5d6a7',
    'M20 8 L44 8 L54 18 L54 46 L44 56 L20 56 L10 46 L10 18 Z',
    'M18 16 L46 16 L46 48 L18 48 Z M10 18 L18 16 M54 18 L46 16 M54 46 L46 48 M10 46 L18 48',
  ),
  sapphire: gem(
    '#1e88e5',
    '#0d47a1',
    '#90caf9',
    'M32 6 L54 20 L54 44 L32 58 L10 44 L10 20 Z',
    'M32 6 L32 58 M10 20 L54 44 M54 20 L10 44 M22 26 L42 26 L42 38 L22 38 Z',
  ),
  topaz: gem(
    '#ffb300',
    '#e65100',
    '#ffe082',
    'M32 6 C48 6 56 18 56 32 C56 46 48 58 32 58 C16 58 8 46 8 32 C8 18 16 6 32 6 Z',
    'M32 16 L46 32 L32 48 L18 32 Z M32 6 L32 16 M56 32 L46 32 M32 58 L32 48 M8 32 L18 32',
  ),
  pearl: Pearl,
  A: rank('A', '#c62828', '#ffcdd2'),
  K: rank('K', '#1565c0', '#bbdefb'),
  Q: rank('Q', '#6a1b9a', '#e1bee7'),
  J: rank('J', '#2e7d32', '#c8e6c9'),
  '10': rank('10', '#ef6c00', '#ffe0b2', 28),
  wild: Wild,
  scatter: Scatter,
  // Issue 22: the symbols of the ways, cascade and hold-and-win titles.
  ...MECHANIC_ART,
};

/** Whether `id` has art of its own (the registry test asks this of every title's symbols). */
export function hasSymbolArt(id: string): boolean {
  return Object.hasOwn(ART, id);
}

/** The drawing of a symbol id; an unknown id gets the neutral drawn tile. */
export function symbolArt(id: string): Art {
  return Object.hasOwn(ART, id) ? (ART[id] ?? Fallback) : Fallback;
}

/** One symbol as an image named for screen readers (the symbol's name in the player's language). */
export function SlotSymbol({ id, label, className }: { id: string; label: string; className?: string }) {
  const Drawing = symbolArt(id);
  return (
    <svg
      viewBox="0 0 64 64"
      role="img"
      aria-label={label}
      className={className ? `${classes.symbol} ${className}` : classes.symbol}
      data-art={hasSymbolArt(id) ? id : 'fallback'}
    >
      <Drawing />
    </svg>
  );
}
