import { type Art, INK, Ribbon, Tile } from './slot-art-tile.tsx';

/**
 * Issue 22: the artwork of the ways, cascade and hold-and-win titles (packages/games slots/mechanic-titles.ts;
 * the ids are listed in packages/games/src/README.md). Same rules as slot-art.tsx: flat SVG on the 64×64
 * grid, each symbol on its own tile, no gradients (their ids would clash between a hundred reel cells).
 */

const Rajah: Art = () => (
  <Tile fill="#fff8e1" ring="#ff8f00">
    <path d="M14 30 C14 14 50 14 50 30 Z" fill="#d32f2f" stroke="#8e0000" strokeWidth="1.5" />
    <path d="M16 26 C24 22 40 22 48 26" stroke="#ffca28" strokeWidth="2.5" fill="none" />
    <path d="M32 10 L35 17 L32 21 L29 17 Z" fill="#ffca28" stroke="#e65100" strokeWidth="1" />
    <path d="M32 6 C36 8 36 12 33 13" stroke="#43a047" strokeWidth="2" fill="none" />
    <ellipse cx="32" cy="39" rx="13" ry="14" fill="#d7a373" stroke="#6d4c2f" strokeWidth="1.5" />
    <circle cx="27" cy="37" r="1.8" fill={INK} />
    <circle cx="37" cy="37" r="1.8" fill={INK} />
    <path d="M24 46 C28 43 36 43 40 46 C37 49 27 49 24 46 Z" fill="#4e342e" />
    <path d="M22 54 C26 58 38 58 42 54" stroke="#ffca28" strokeWidth="3" fill="none" />
  </Tile>
);

const Tabla: Art = () => (
  <Tile fill="#efebe9" ring="#6d4c41">
    <path d="M8 26 L12 52 C16 56 26 56 30 52 L32 26 Z" fill="#8d6e63" stroke="#3e2723" strokeWidth="1.5" />
    <ellipse cx="20" cy="26" rx="12" ry="5" fill="#f5e6ca" stroke="#3e2723" strokeWidth="1.5" />
    <ellipse cx="20" cy="26" rx="4.5" ry="2" fill={INK} />
    <path d="M34 30 L36 52 C40 56 50 56 54 52 L56 30 Z" fill="#b0bec5" stroke="#37474f" strokeWidth="1.5" />
    <ellipse cx="45" cy="30" rx="11" ry="4.5" fill="#f5e6ca" stroke="#37474f" strokeWidth="1.5" />
    <ellipse cx="45" cy="30" rx="4" ry="1.8" fill={INK} />
    <path d="M12 34 L30 48 M30 34 L12 48" stroke="#3e2723" strokeWidth="0.8" opacity="0.6" />
  </Tile>
);

const Palace: Art = () => (
  <Tile fill="#1a237e" ring="#ffd54f">
    <rect x="10" y="28" width="44" height="18" fill="#fff3e0" stroke="#ffb300" strokeWidth="1.5" />
    <path d="M22 28 C22 16 42 16 42 28 Z" fill="#ffe0b2" stroke="#ffb300" strokeWidth="1.5" />
    <path d="M32 10 L32 16" stroke="#ffd54f" strokeWidth="2" />
    <path d="M10 28 C10 22 18 22 18 28 Z M46 28 C46 22 54 22 54 28 Z" fill="#ffe0b2" stroke="#ffb300" />
    <path d="M28 46 L28 37 C28 33 36 33 36 37 L36 46 Z" fill="#5d4037" />
    <circle cx="17" cy="36" r="2" fill="#5d4037" />
    <circle cx="47" cy="36" r="2" fill="#5d4037" />
    <Ribbon fill="#6a1b9a" ring="#e040fb" text="SCATTER" />
  </Tile>
);

const Maharani: Art = () => (
  <Tile fill="#fce4ec" ring="#ad1457">
    <path
      d="M12 58 C12 36 20 22 32 22 C44 22 52 36 52 58 Z"
      fill="#c2185b"
      stroke="#880e4f"
      strokeWidth="1.5"
    />
    <ellipse cx="32" cy="36" rx="11" ry="13" fill="#e0ac7e" stroke="#6d4c2f" strokeWidth="1.5" />
    <path
      d="M21 25 L25 14 L29 22 L32 11 L35 22 L39 14 L43 25 Z"
      fill="#ffca28"
      stroke="#e65100"
      strokeWidth="1.2"
    />
    <circle cx="32" cy="18" r="2" fill="#d32f2f" />
    <circle cx="28" cy="35" r="1.6" fill={INK} />
    <circle cx="36" cy="35" r="1.6" fill={INK} />
    <circle cx="32" cy="30" r="1.2" fill="#d32f2f" />
    <path d="M28 43 C30 45 34 45 36 43" stroke="#b71c1c" strokeWidth="1.8" fill="none" />
    <circle cx="20" cy="40" r="2" fill="#ffca28" />
    <circle cx="44" cy="40" r="2" fill="#ffca28" />
  </Tile>
);

const Crown: Art = () => (
  <Tile fill="#ede7f6" ring="#5e35b1">
    <path
      d="M10 46 L8 20 L20 32 L32 14 L44 32 L56 20 L54 46 Z"
      fill="#ffca28"
      stroke="#e65100"
      strokeWidth="2"
      strokeLinejoin="round"
    />
    <rect x="10" y="46" width="44" height="8" rx="2" fill="#ffb300" stroke="#e65100" strokeWidth="1.5" />
    <circle cx="32" cy="36" r="4" fill="#d32f2f" stroke="#8e0000" />
    <circle cx="20" cy="40" r="3" fill="#1e88e5" stroke="#0d47a1" />
    <circle cx="44" cy="40" r="3" fill="#43a047" stroke="#1b5e20" />
    <circle cx="8" cy="20" r="2.5" fill="#fff8e1" />
    <circle cx="32" cy="14" r="2.5" fill="#fff8e1" />
    <circle cx="56" cy="20" r="2.5" fill="#fff8e1" />
  </Tile>
);

const Fort: Art = () => (
  <Tile fill="#3e2723" ring="#ffab40">
    <path
      d="M8 44 L8 22 L13 22 L13 26 L18 26 L18 22 L23 22 L23 30 L41 30 L41 22 L46 22 L46 26 L51 26 L51 22 L56 22 L56 44 Z"
      fill="#d7a36b"
      stroke="#5d2e0f"
      strokeWidth="1.5"
    />
    <path d="M27 44 L27 36 C27 32 37 32 37 36 L37 44 Z" fill="#4e342e" />
    <path d="M32 30 L32 12 L44 16 L32 20" fill="#ff7043" stroke="#bf360c" strokeWidth="1" />
    <Ribbon fill="#6a1b9a" ring="#e040fb" text="SCATTER" />
  </Tile>
);

const Gateway: Art = () => (
  <Tile fill="#e1f5fe" ring="#0277bd">
    <path
      d="M10 54 L10 24 L54 24 L54 54 L42 54 L42 38 C42 30 22 30 22 38 L22 54 Z"
      fill="#d7ccc8"
      stroke="#5d4037"
      strokeWidth="1.5"
    />
    <path d="M8 24 L56 24 L52 18 L12 18 Z" fill="#bcaaa4" stroke="#5d4037" strokeWidth="1.5" />
    <path d="M20 18 C20 10 26 8 32 8 C38 8 44 10 44 18 Z" fill="#bcaaa4" stroke="#5d4037" strokeWidth="1.5" />
    <path d="M14 28 L14 50 M50 28 L50 50" stroke="#8d6e63" strokeWidth="2" />
    <path d="M4 58 C16 54 48 54 60 58" stroke="#29b6f6" strokeWidth="3" fill="none" />
  </Tile>
);

const Taxi: Art = () => (
  <Tile fill="#fffde7" ring="#212121">
    <path d="M16 24 L48 24 L54 36 L10 36 Z" fill="#212121" stroke="#000" strokeWidth="1.2" />
    <path d="M20 27 L30 27 L30 34 L16 34 Z M34 27 L44 27 L48 34 L34 34 Z" fill="#81d4fa" />
    <rect x="6" y="36" width="52" height="12" rx="4" fill="#fdd835" stroke="#212121" strokeWidth="1.5" />
    <rect x="26" y="18" width="12" height="6" rx="1" fill="#fdd835" stroke="#212121" />
    <circle cx="18" cy="50" r="5" fill="#212121" stroke="#9e9e9e" strokeWidth="2" />
    <circle cx="46" cy="50" r="5" fill="#212121" stroke="#9e9e9e" strokeWidth="2" />
    <circle cx="9" cy="41" r="2" fill="#fff59d" />
    <circle cx="55" cy="41" r="2" fill="#fff59d" />
  </Tile>
);

const VadaPav: Art = () => (
  <Tile fill="#fff3e0" ring="#e65100">
    <path d="M10 34 C10 18 54 18 54 34 Z" fill="#e6a65d" stroke="#8d5524" strokeWidth="1.5" />
    <circle cx="24" cy="25" r="1.2" fill="#fff8e1" />
    <circle cx="34" cy="23" r="1.2" fill="#fff8e1" />
    <circle cx="42" cy="27" r="1.2" fill="#fff8e1" />
    <ellipse cx="32" cy="38" rx="22" ry="6" fill="#c77c2a" stroke="#6d3b0f" strokeWidth="1.5" />
    <path d="M12 38 C20 42 44 42 52 38" stroke="#43a047" strokeWidth="2.5" fill="none" />
    <path d="M10 44 L54 44 C54 52 10 52 10 44 Z" fill="#e6a65d" stroke="#8d5524" strokeWidth="1.5" />
    <path d="M46 12 L50 20 M50 12 L52 20" stroke="#2e7d32" strokeWidth="2.5" strokeLinecap="round" />
  </Tile>
);

const Kite: Art = () => (
  <Tile fill="#e3f2fd" ring="#1e88e5">
    <path
      d="M32 8 L52 28 L32 48 L12 28 Z"
      fill="#ff7043"
      stroke="#bf360c"
      strokeWidth="2"
      strokeLinejoin="round"
    />
    <path d="M32 8 L32 48 M12 28 L52 28" stroke="#fff3e0" strokeWidth="1.5" />
    <path d="M12 28 L32 8 L32 28 Z" fill="#ffca28" opacity="0.9" />
    <path d="M32 48 C30 52 36 54 32 58" stroke="#5d4037" strokeWidth="1.5" fill="none" />
    <path d="M30 52 L34 54 M30 56 L34 58" stroke="#e53935" strokeWidth="2" />
  </Tile>
);

/** A mound of Holi colour powder: the four gulal symbols differ only by colour. */
function gulal(fill: string, shade: string, tile: string): Art {
  return () => (
    <Tile fill={tile} ring={shade}>
      <ellipse cx="32" cy="50" rx="24" ry="6" fill={shade} opacity="0.5" />
      <path d="M8 50 C12 30 22 20 32 20 C42 20 52 30 56 50 Z" fill={fill} stroke={shade} strokeWidth="2" />
      <circle cx="22" cy="14" r="3" fill={fill} />
      <circle cx="42" cy="12" r="2.5" fill={fill} />
      <circle cx="32" cy="9" r="2" fill={fill} />
      <circle cx="50" cy="18" r="2" fill={fill} />
      <path d="M20 36 C24 30 28 28 32 28" stroke="#ffffff" strokeWidth="2" opacity="0.55" fill="none" />
    </Tile>
  );
}

const Pichkari: Art = () => (
  <Tile fill="#f3e5f5" ring="#8e24aa">
    <rect x="10" y="26" width="32" height="12" rx="5" fill="#ab47bc" stroke="#4a148c" strokeWidth="1.5" />
    <path d="M42 30 L54 31 L54 33 L42 34 Z" fill="#ffca28" stroke="#e65100" />
    <rect x="4" y="29" width="8" height="6" rx="1" fill="#4a148c" />
    <path d="M14 26 L14 22 M22 26 L22 22 M30 26 L30 22" stroke="#ffca28" strokeWidth="2" />
    <g fill="#29b6f6">
      <circle cx="56" cy="38" r="2" />
      <circle cx="52" cy="44" r="2.5" />
      <circle cx="58" cy="48" r="1.8" />
      <circle cx="46" cy="50" r="2" />
    </g>
    <g fill="#ec407a">
      <circle cx="50" cy="20" r="2" />
      <circle cx="56" cy="24" r="1.5" />
    </g>
  </Tile>
);

const Dhol: Art = () => (
  <Tile fill="#fff8e1" ring="#c62828">
    <rect x="14" y="16" width="36" height="32" rx="4" fill="#e53935" stroke="#8e0000" strokeWidth="1.5" />
    <ellipse cx="14" cy="32" rx="5" ry="16" fill="#ffe0b2" stroke="#8e0000" strokeWidth="1.5" />
    <ellipse cx="50" cy="32" rx="5" ry="16" fill="#ffe0b2" stroke="#8e0000" strokeWidth="1.5" />
    <path d="M16 18 L26 46 L36 18 L46 46" stroke="#ffca28" strokeWidth="2" fill="none" />
    <path d="M8 8 L20 24 M56 8 L46 22" stroke="#6d4c41" strokeWidth="2.5" strokeLinecap="round" />
    <path d="M14 52 C24 58 40 58 50 52" stroke="#ffca28" strokeWidth="2" fill="none" />
  </Tile>
);

const Holika: Art = () => (
  <Tile fill="#212121" ring="#ff6f00">
    <path
      d="M32 8 C42 18 46 28 40 40 C38 32 34 30 32 26 C30 32 24 34 24 40 C18 30 22 18 32 8 Z"
      fill="#ff6f00"
    />
    <path
      d="M32 20 C37 26 38 34 34 40 C33 36 31 34 30 32 C28 36 28 38 29 40 C24 34 26 26 32 20 Z"
      fill="#ffca28"
    />
    <path d="M12 44 L52 36 M12 36 L52 44" stroke="#795548" strokeWidth="4" strokeLinecap="round" />
    <Ribbon fill="#bf360c" ring="#ffca28" text="SCATTER" />
  </Tile>
);

const Ganesha: Art = () => (
  <Tile fill="#fff3e0" ring="#ef6c00">
    <ellipse cx="14" cy="30" rx="9" ry="12" fill="#ffab91" stroke="#bf360c" strokeWidth="1.5" />
    <ellipse cx="50" cy="30" rx="9" ry="12" fill="#ffab91" stroke="#bf360c" strokeWidth="1.5" />
    <circle cx="32" cy="30" r="14" fill="#ffccbc" stroke="#bf360c" strokeWidth="1.5" />
    <path
      d="M28 36 C26 46 30 54 38 54 C42 54 42 50 38 50 C34 50 34 44 36 36 Z"
      fill="#ffccbc"
      stroke="#bf360c"
      strokeWidth="1.5"
    />
    <path
      d="M20 16 L24 6 L28 13 L32 4 L36 13 L40 6 L44 16 Z"
      fill="#ffca28"
      stroke="#e65100"
      strokeWidth="1.2"
    />
    <circle cx="27" cy="28" r="1.8" fill={INK} />
    <circle cx="37" cy="28" r="1.8" fill={INK} />
    <path d="M30 20 L32 24 L34 20" stroke="#d32f2f" strokeWidth="1.8" fill="none" />
    <path d="M25 40 L21 44" stroke="#fffde7" strokeWidth="3" strokeLinecap="round" />
  </Tile>
);

const Rangoli: Art = () => (
  <Tile fill="#fafafa" ring="#d81b60">
    <g transform="translate(32 32)">
      {[0, 45, 90, 135, 180, 225, 270, 315].map((angle, i) => (
        <ellipse
          key={angle}
          cx="0"
          cy="-16"
          rx="5"
          ry="9"
          fill={i % 2 === 0 ? '#ec407a' : '#ffca28'}
          stroke="#6a1b9a"
          strokeWidth="1"
          transform={`rotate(${angle})`}
        />
      ))}
      <circle r="10" fill="#26a69a" stroke="#004d40" strokeWidth="1.5" />
      <circle r="5" fill="#ff7043" />
      <circle r="2" fill="#fff8e1" />
    </g>
  </Tile>
);

const Sweets: Art = () => (
  <Tile fill="#fce4ec" ring="#c2185b">
    <ellipse cx="32" cy="52" rx="24" ry="5" fill="#b0bec5" stroke="#546e7a" strokeWidth="1.5" />
    {[
      [20, 44],
      [32, 44],
      [44, 44],
      [26, 33],
      [38, 33],
      [32, 22],
    ].map(([cx, cy]) => (
      <g key={`${cx}-${cy}`}>
        <circle cx={cx} cy={cy} r="7" fill="#ffb300" stroke="#e65100" strokeWidth="1.2" />
        <circle cx={(cx ?? 0) - 2} cy={(cy ?? 0) - 2} r="1" fill="#fff8e1" />
        <circle cx={(cx ?? 0) + 2} cy={(cy ?? 0) + 1} r="0.8" fill="#e65100" />
      </g>
    ))}
    <path d="M30 14 L34 14 L32 10 Z" fill="#cfd8dc" />
  </Tile>
);

/** Hold-and-win's cash symbols: a golden diya or a gold coin on a dark tile with a BONUS ribbon. */
const GoldenDiya: Art = () => (
  <Tile fill="#311b92" ring="#ffd54f">
    <circle cx="32" cy="24" r="14" fill="#ffd54f" opacity="0.35" />
    <path
      d="M32 8 C38 16 39 24 32 30 C25 24 26 16 32 8 Z"
      fill="#ffca28"
      stroke="#ff6f00"
      strokeWidth="1.2"
    />
    <path d="M32 16 C35 20 35 25 32 28 C29 25 29 20 32 16 Z" fill="#fffde7" />
    <path
      d="M8 32 C16 34 48 34 56 32 C54 42 44 46 32 46 C20 46 10 42 8 32 Z"
      fill="#ffc107"
      stroke="#ff8f00"
      strokeWidth="1.5"
    />
    <path d="M14 37 C22 40 42 40 50 37" stroke="#fff8e1" strokeWidth="1.5" fill="none" />
    <Ribbon fill="#e65100" ring="#ffd54f" text="BONUS" />
  </Tile>
);

const GoldCoin: Art = () => (
  <Tile fill="#1b1b3a" ring="#ffd54f">
    <circle cx="32" cy="26" r="19" fill="#ffb300" stroke="#ff6f00" strokeWidth="2" />
    <circle cx="32" cy="26" r="14" fill="#ffd54f" stroke="#ff8f00" strokeWidth="1.5" />
    <path
      d="M26 18 L38 18 M26 22 L38 22 M30 18 C38 18 38 28 30 28 L36 36"
      stroke="#bf360c"
      strokeWidth="2"
      fill="none"
      strokeLinecap="round"
    />
    <circle cx="25" cy="17" r="2" fill="#fffde7" opacity="0.9" />
    <Ribbon fill="#e65100" ring="#ffd54f" text="BONUS" />
  </Tile>
);

const Lakshmi: Art = () => (
  <Tile fill="#fff8e1" ring="#c2185b">
    <path
      d="M8 50 C14 42 22 40 32 44 C42 40 50 42 56 50 C46 56 18 56 8 50 Z"
      fill="#f48fb1"
      stroke="#ad1457"
      strokeWidth="1.5"
    />
    <path
      d="M16 58 C16 40 22 30 32 30 C42 30 48 40 48 58 Z"
      fill="#d81b60"
      stroke="#880e4f"
      strokeWidth="1.5"
    />
    <circle cx="32" cy="24" r="10" fill="#e0ac7e" stroke="#6d4c2f" strokeWidth="1.5" />
    <path
      d="M22 16 L26 6 L30 12 L32 4 L34 12 L38 6 L42 16 Z"
      fill="#ffca28"
      stroke="#e65100"
      strokeWidth="1.2"
    />
    <circle cx="28.5" cy="24" r="1.4" fill={INK} />
    <circle cx="35.5" cy="24" r="1.4" fill={INK} />
    <circle cx="32" cy="19.5" r="1.1" fill="#d32f2f" />
    <path d="M29 29 C31 30.5 33 30.5 35 29" stroke="#b71c1c" strokeWidth="1.4" fill="none" />
    <circle cx="24" cy="44" r="3" fill="#ffca28" stroke="#ff8f00" />
    <circle cx="40" cy="44" r="3" fill="#ffca28" stroke="#ff8f00" />
  </Tile>
);

const Owl: Art = () => (
  <Tile fill="#e8eaf6" ring="#3949ab">
    <path
      d="M14 54 C10 36 14 18 32 16 C50 18 54 36 50 54 Z"
      fill="#fafafa"
      stroke="#5d4037"
      strokeWidth="1.5"
    />
    <path d="M14 20 L20 12 L24 18 M50 20 L44 12 L40 18" stroke="#5d4037" strokeWidth="2" fill="#fafafa" />
    <circle cx="24" cy="30" r="7" fill="#ffffff" stroke="#8d6e63" strokeWidth="1.5" />
    <circle cx="40" cy="30" r="7" fill="#ffffff" stroke="#8d6e63" strokeWidth="1.5" />
    <circle cx="24" cy="30" r="3.2" fill={INK} />
    <circle cx="40" cy="30" r="3.2" fill={INK} />
    <path d="M30 36 L32 41 L34 36 Z" fill="#ffb300" />
    <path d="M20 46 C24 44 28 48 32 46 C36 44 40 48 44 46" stroke="#bcaaa4" strokeWidth="1.5" fill="none" />
    <path d="M24 56 L24 60 M40 56 L40 60" stroke="#ff8f00" strokeWidth="2.5" strokeLinecap="round" />
  </Tile>
);

const Kalash: Art = () => (
  <Tile fill="#e8f5e9" ring="#2e7d32">
    <path
      d="M20 12 C26 20 28 22 32 24 M44 12 C38 20 36 22 32 24 M32 8 L32 24"
      stroke="#2e7d32"
      strokeWidth="4"
      strokeLinecap="round"
    />
    <ellipse cx="32" cy="22" rx="8" ry="7" fill="#8d6e63" stroke="#4e342e" strokeWidth="1.5" />
    <path
      d="M24 30 L40 30 L38 34 C50 38 52 52 42 56 L22 56 C12 52 14 38 26 34 Z"
      fill="#ffb300"
      stroke="#e65100"
      strokeWidth="1.5"
    />
    <path d="M16 44 C24 48 40 48 48 44" stroke="#d32f2f" strokeWidth="2.5" fill="none" />
    <circle cx="32" cy="46" r="2.5" fill="#d32f2f" />
  </Tile>
);

const Conch: Art = () => (
  <Tile fill="#e0f7fa" ring="#00838f">
    <path
      d="M12 40 C10 24 24 10 40 12 C52 14 56 26 50 36 C46 44 38 50 28 52 L18 56 L20 48 C16 46 13 44 12 40 Z"
      fill="#fff8e1"
      stroke="#8d6e63"
      strokeWidth="1.8"
    />
    <path
      d="M40 14 C34 22 34 30 42 34 M30 16 C26 26 28 36 38 40 M22 24 C18 34 22 44 30 46"
      stroke="#d7a373"
      strokeWidth="1.6"
      fill="none"
    />
    <path d="M46 20 C52 22 54 28 50 32" stroke="#f48fb1" strokeWidth="3" fill="none" strokeLinecap="round" />
  </Tile>
);

/** Every symbol id of the newer titles (slot-art.tsx merges them into its registry). */
export const MECHANIC_ART: Record<string, Art> = {
  rajah: Rajah,
  tabla: Tabla,
  palace: Palace,
  maharani: Maharani,
  crown: Crown,
  fort: Fort,
  gateway: Gateway,
  taxi: Taxi,
  'vada-pav': VadaPav,
  kite: Kite,
  'gulal-red': gulal('#e53935', '#8e0000', '#ffebee'),
  'gulal-green': gulal('#43a047', '#1b5e20', '#e8f5e9'),
  'gulal-blue': gulal('#1e88e5', '#0d47a1', '#e3f2fd'),
  'gulal-yellow': gulal('#fdd835', '#f57f17', '#fffde7'),
  pichkari: Pichkari,
  dhol: Dhol,
  holika: Holika,
  ganesha: Ganesha,
  rangoli: Rangoli,
  sweets: Sweets,
  'golden-diya': GoldenDiya,
  lakshmi: Lakshmi,
  owl: Owl,
  kalash: Kalash,
  conch: Conch,
  'gold-coin': GoldCoin,
};
