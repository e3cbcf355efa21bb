import { fishSpecies, SCENE_HEIGHT, SCENE_WIDTH } from '@lotus/games/fishing/index';

/**
 * The fishing canvas's pictures, each drawn once into an offscreen canvas and copied with drawImage every
 * frame (docs/fishing.md "The screen"), at whole pixels and upright: Skia's software canvas (a phone
 * without GPU rasterisation, the journeys' Chromium) copies such a bitmap several times faster than it
 * fills the outlines, but copies a rotated, scaled or sub-pixel one slower (docs/benchmarks.md
 * "Fishing"). So a fish comes pre-rotated from its species' atlas. Sprites are made per species and pixel
 * size (the size holds the device pixel ratio) when the canvas is sized, never in the frame loop.
 */

type Shape = 'fish' | 'shark' | 'ray' | 'turtle' | 'octopus' | 'crab' | 'serpent' | 'seahorse' | 'puffer';

/** Each species' look: its outline family and colours (no emoji, no image files). */
const LOOKS: Record<string, { shape: Shape; body: string; accent: string }> = {
  minnow: { shape: 'fish', body: '#90caf9', accent: '#1e88e5' },
  clownfish: { shape: 'fish', body: '#ff7043', accent: '#ffffff' },
  angelfish: { shape: 'fish', body: '#ffd54f', accent: '#5e35b1' },
  pufferfish: { shape: 'puffer', body: '#ffe082', accent: '#8d6e63' },
  lionfish: { shape: 'fish', body: '#e57373', accent: '#fff3e0' },
  seahorse: { shape: 'seahorse', body: '#ffb74d', accent: '#e65100' },
  turtle: { shape: 'turtle', body: '#81c784', accent: '#33691e' },
  stingray: { shape: 'ray', body: '#a1887f', accent: '#4e342e' },
  octopus: { shape: 'octopus', body: '#ba68c8', accent: '#6a1b9a' },
  swordfish: { shape: 'shark', body: '#4fc3f7', accent: '#01579b' },
  shark: { shape: 'shark', body: '#90a4ae', accent: '#37474f' },
  manta: { shape: 'ray', body: '#5c6bc0', accent: '#1a237e' },
  'killer-whale': { shape: 'shark', body: '#263238', accent: '#eceff1' },
  'sea-serpent': { shape: 'serpent', body: '#26a69a', accent: '#004d40' },
  kraken: { shape: 'octopus', body: '#d32f2f', accent: '#4a0000' },
  'dragon-king': { shape: 'serpent', body: '#ffca28', accent: '#b71c1c' },
  'bomb-crab': { shape: 'crab', body: '#ef5350', accent: '#212121' },
  'golden-carp': { shape: 'fish', body: '#ffd600', accent: '#ff6f00' },
};

/** Outlines on a unit fish (head towards +x, about −1 … 1): the body, then the accent marks. */
const SHAPES: Record<Shape, { body: string; accent: string }> = {
  fish: {
    body: 'M1 0C0.6-0.62-0.5-0.62-0.78 0C-0.5 0.62 0.6 0.62 1 0ZM-0.7 0L-1.12-0.5L-1 0L-1.12 0.5Z',
    accent: 'M0.25-0.5C0.35-0.2 0.35 0.2 0.25 0.5L0.1 0.5C0.2 0.2 0.2-0.2 0.1-0.5Z',
  },
  shark: {
    body: 'M1.1 0.05C0.7-0.4-0.4-0.42-0.8-0.05L-1.15-0.45L-1.02 0.02L-1.15 0.4L-0.8 0.08C-0.4 0.36 0.7 0.38 1.1 0.05ZM0.05-0.35L-0.25-0.75L-0.3-0.35Z',
    accent: 'M0.9 0.12C0.6 0.28 0.1 0.3-0.3 0.2L-0.3 0.12C0.1 0.18 0.6 0.18 0.9 0.12Z',
  },
  ray: {
    body: 'M1 0C0.4-1.1-0.2-1-0.55 0C-0.2 1 0.4 1.1 1 0ZM-0.5 0L-1.2-0.04L-1.2 0.04Z',
    accent: 'M0.55-0.12A0.06 0.06 0 1 0 0.55-0.1ZM0.55 0.1A0.06 0.06 0 1 0 0.55 0.12Z',
  },
  turtle: {
    body: 'M0.55 0A0.62 0.5 0 1 0-0.69 0A0.62 0.5 0 1 0 0.55 0ZM0.95 0A0.22 0.18 0 1 0 0.51 0A0.22 0.18 0 1 0 0.95 0ZM0.3-0.45L0.6-0.85L0.05-0.5ZM0.3 0.45L0.6 0.85L0.05 0.5ZM-0.5-0.4L-0.75-0.7L-0.65-0.3ZM-0.5 0.4L-0.75 0.7L-0.65 0.3Z',
    accent: 'M0.2 0L-0.07-0.3L-0.34 0L-0.07 0.3Z',
  },
  octopus: {
    body: 'M1 0A0.55 0.55 0 1 0-0.1 0A0.55 0.55 0 1 0 1 0ZM0.1-0.3C-0.4-0.7-0.8-0.4-1.1-0.6C-0.8-0.2-0.4-0.3 0-0.1ZM0.1 0.3C-0.4 0.7-0.8 0.4-1.1 0.6C-0.8 0.2-0.4 0.3 0 0.1ZM0 0C-0.5-0.2-0.8 0.1-1.15 0C-0.8-0.05-0.5 0.2 0 0.05Z',
    accent:
      'M0.7-0.2A0.09 0.09 0 1 0 0.52-0.2A0.09 0.09 0 1 0 0.7-0.2ZM0.7 0.2A0.09 0.09 0 1 0 0.52 0.2A0.09 0.09 0 1 0 0.7 0.2Z',
  },
  crab: {
    body: 'M0.6 0A0.6 0.75 0 1 0-0.6 0A0.6 0.75 0 1 0 0.6 0ZM0.5-0.55L1-0.85L0.95-0.45L0.75-0.6ZM0.5 0.55L1 0.85L0.95 0.45L0.75 0.6ZM-0.2-0.7L-0.5-1L-0.35-0.65ZM-0.2 0.7L-0.5 1L-0.35 0.65Z',
    accent: 'M0.25-0.05L-0.25-0.05L-0.25 0.05L0.25 0.05ZM0.05-0.25L-0.05-0.25L-0.05 0.25L0.05 0.25Z',
  },
  serpent: {
    body: 'M1 0C0.8-0.35 0.5-0.35 0.3-0.15C0-0.45-0.3 0.15-0.6-0.15C-0.8-0.3-1-0.05-1.15 0C-1-0.05-0.8 0.1-0.6 0.15C-0.3 0.45 0 -0.15 0.3 0.15C0.5 0.35 0.8 0.35 1 0Z',
    accent: 'M0.75-0.3L0.6-0.6L0.5-0.28ZM0.4-0.25L0.25-0.5L0.15-0.25Z',
  },
  seahorse: {
    body: 'M0.6-0.7C0.9-0.6 0.9-0.3 0.5-0.3C0.4 0 0.5 0.3 0.2 0.5C-0.1 0.7-0.2 0.9 0 1C-0.4 0.95-0.35 0.6-0.1 0.4C0.1 0.2 0-0.1 0.1-0.4C0.2-0.75 0.4-0.78 0.6-0.7Z',
    accent: 'M0.2-0.55L0-0.8L0.05-0.5Z',
  },
  puffer: {
    body: 'M0.8 0A0.8 0.75 0 1 0-0.8 0A0.8 0.75 0 1 0 0.8 0ZM-0.75 0L-1.1-0.35L-1.1 0.35Z',
    accent:
      'M0 -0.75L0.08-0.95L0.15-0.73ZM-0.4-0.65L-0.4-0.88L-0.25-0.7ZM0 0.75L0.08 0.95L0.15 0.73ZM-0.4 0.65L-0.4 0.88L-0.25 0.7Z',
  },
};

/** A pre-rendered picture: drawn at (−ax, −ay) from its anchor (a fish's centre, the cannon's pivot). */
export type Sprite = { image: HTMLCanvasElement; ax: number; ay: number; width: number; height: number };

/**
 * An offscreen canvas of w × h pixels with its 2D context (null where there is no canvas, e.g. tests).
 * `opaque`: every pixel is painted, so copying it is a plain copy rather than a blend per pixel.
 */
function surface(
  width: number,
  height: number,
  opaque = false,
): [HTMLCanvasElement, CanvasRenderingContext2D] | null {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(width));
  canvas.height = Math.max(1, Math.ceil(height));
  const ctx = canvas.getContext('2d', { alpha: !opaque });
  return ctx ? [canvas, ctx] : null;
}

/** Every outline reaches at most this far from the centre (unit fish), the golden halo included. */
const FISH_EXTENT = 1.3;
/** A species is drawn pre-rotated at this many headings (11.25° apart), 8 to a row of its atlas. */
export const HEADINGS = 32;
const ATLAS_COLUMNS = 8;
/**
 * At most this many atlas pixels per canvas size (16 MB): a phone's whole table fits (about 3.7 M); on a
 * wide desktop frame the largest species stay outlines filled per frame (fishOutlines), few on screen.
 */
const ATLAS_BUDGET_PX = 4_000_000;

/**
 * One species at every heading: cell i shows it turned by i · 360° / HEADINGS, mirrored when it swims
 * leftwards (never upside down). Copied upright at whole pixels, which Skia's software canvas does about
 * four times faster than filling the outlines, while a rotated or sub-pixel drawImage is slower than the
 * fill (measured: docs/benchmarks.md "Fishing").
 */
export type FishAtlas = { image: HTMLCanvasElement; cell: number; half: number };

/** The cell of a heading (cos, sin): its atlas column and row; `mirrored` as the cell was drawn. */
export function headingCell(c: number, s: number): number {
  return Math.round((Math.atan2(s, c) * HEADINGS) / (2 * Math.PI)) & (HEADINGS - 1);
}

/** Cells a quarter turn or more from straight right swim leftwards: drawn mirrored. */
function mirrored(cell: number): boolean {
  return cell > HEADINGS / 4 && cell < (3 * HEADINGS) / 4;
}

/**
 * One species' art as SVG data: its outlines (a unit fish, head towards +x), colours, and the halo colour
 * of golden and boss fish. The tile icons (game-icon.tsx) draw the titles' fish from it.
 */
export function fishArt(
  code: string,
): { body: string; accent: string; bodyColour: string; accentColour: string; halo: string | null } | null {
  const look = LOOKS[code];
  if (!look) return null;
  const kind = fishSpecies(code)?.kind;
  return {
    ...SHAPES[look.shape],
    bodyColour: look.body,
    accentColour: look.accent,
    halo: kind === 'golden' ? 'rgba(255,238,88,0.55)' : kind === 'boss' ? 'rgba(255,82,82,0.5)' : null,
  };
}

/** Each outline family's Path2D, built once for the page. */
const OUTLINES = new Map<Shape, { body: Path2D; accent: Path2D }>();
export function fishOutlines(code: string): { body: Path2D; accent: Path2D } | null {
  const look = LOOKS[code];
  if (!look) return null;
  let paths = OUTLINES.get(look.shape);
  if (!paths) {
    paths = { body: new Path2D(SHAPES[look.shape].body), accent: new Path2D(SHAPES[look.shape].accent) };
    OUTLINES.set(look.shape, paths);
  }
  return paths;
}

/**
 * Fills one species' outlines with the current transform (a unit fish); the halo of golden and boss
 * fish is an outline, never shadowBlur.
 */
export function fillFish(ctx: CanvasRenderingContext2D, code: string): void {
  const art = fishArt(code);
  const paths = fishOutlines(code);
  if (!art || !paths) return;
  if (art.halo) {
    ctx.strokeStyle = art.halo;
    ctx.lineWidth = 0.18;
    ctx.stroke(paths.body);
  }
  ctx.fillStyle = art.bodyColour;
  ctx.fill(paths.body);
  ctx.fillStyle = art.accentColour;
  ctx.fill(paths.accent);
}

/** Atlases by species and pixel radius (scene radius × scale: the DPR is in it), shared by the page. */
const FISH_ATLASES = new Map<string, FishAtlas>();

function fishAtlas(code: string, r: number): FishAtlas | null {
  const key = `${code}:${r}`;
  const cached = FISH_ATLASES.get(key);
  if (cached) return cached;
  const cell = Math.ceil(2 * FISH_EXTENT * r) + 2;
  const made = surface(cell * ATLAS_COLUMNS, cell * (HEADINGS / ATLAS_COLUMNS));
  if (!made) return null;
  const [image, ctx] = made;
  for (let i = 0; i < HEADINGS; i += 1) {
    const angle = (i * 2 * Math.PI) / HEADINGS;
    const c = Math.cos(angle) * r;
    const s = Math.sin(angle) * r;
    const m = mirrored(i) ? -1 : 1;
    const x = (i % ATLAS_COLUMNS) * cell + cell / 2;
    const y = Math.floor(i / ATLAS_COLUMNS) * cell + cell / 2;
    ctx.setTransform(c, s, -s * m, c * m, x, y);
    fillFish(ctx, code);
  }
  const atlas = { image, cell, half: cell / 2 };
  FISH_ATLASES.set(key, atlas);
  return atlas;
}

/**
 * The atlases of a scene's species at `scale` pixels per scene unit, smallest species first, while they
 * fit the budget; a species left out is drawn from its outlines.
 */
export function fishAtlases(codes: readonly string[], scale: number): Map<string, FishAtlas> {
  const atlases = new Map<string, FishAtlas>();
  const radius = (code: string) => Math.round((fishSpecies(code)?.radius ?? 30) * scale * 4) / 4;
  let used = 0;
  for (const code of [...codes].sort((a, b) => radius(a) - radius(b))) {
    const cell = Math.ceil(2 * FISH_EXTENT * radius(code)) + 2;
    used += cell * cell * HEADINGS;
    if (used > ATLAS_BUDGET_PX) break;
    const atlas = fishAtlas(code, radius(code));
    if (atlas) atlases.set(code, atlas);
  }
  return atlases;
}

/** Where cell `i` lies in its atlas. */
export function cellX(atlas: FishAtlas, i: number): number {
  return (i % ATLAS_COLUMNS) * atlas.cell;
}
export function cellY(atlas: FishAtlas, i: number): number {
  return Math.floor(i / ATLAS_COLUMNS) * atlas.cell;
}

/** A disc of radius `r` scene units (a bullet). */
export function discSprite(r: number, colour: string, scale: number): Sprite | null {
  const px = r * scale;
  const side = Math.ceil(2 * px) + 2;
  const made = surface(side, side);
  if (!made) return null;
  const [image, ctx] = made;
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(side / 2, side / 2, px, 0, Math.PI * 2);
  ctx.fill();
  return { image, ax: side / 2, ay: side / 2, width: side, height: side };
}

/** Radius of the capture ring's sprite (scene units); each frame scales it to the burst's radius. */
export const RING_RADIUS = 100;

/** The capture burst's ring (the net), drawn scaled as it widens. */
export function ringSprite(colour: string, scale: number): Sprite | null {
  const px = RING_RADIUS * scale;
  const line = 6 * scale;
  const side = Math.ceil(2 * px + line) + 2;
  const made = surface(side, side);
  if (!made) return null;
  const [image, ctx] = made;
  ctx.strokeStyle = colour;
  ctx.lineWidth = line;
  ctx.beginPath();
  ctx.arc(side / 2, side / 2, px, 0, Math.PI * 2);
  ctx.stroke();
  return { image, ax: side / 2, ay: side / 2, width: side, height: side };
}

/** The cannon's barrel, anchored at its pivot (pointing up), and its base, a half disc. */
export function cannonSprites(colour: string, scale: number): { barrel: Sprite; base: Sprite } | null {
  const k = scale;
  const barrel = surface(44 * k + 2, 128 * k + 2);
  const base = surface(140 * k + 2, 70 * k + 2);
  if (!barrel || !base) return null;
  const [barrelImage, b] = barrel;
  b.setTransform(k, 0, 0, k, 22 * k + 1, 128 * k + 1);
  b.fillStyle = colour;
  b.fillRect(-18, -120, 36, 110);
  b.fillStyle = '#5d4037';
  b.fillRect(-22, -128, 44, 14);
  const [baseImage, d] = base;
  d.setTransform(k, 0, 0, k, 70 * k + 1, 70 * k + 1);
  d.fillStyle = colour;
  d.beginPath();
  d.arc(0, 0, 70, Math.PI, 0);
  d.fill();
  return {
    barrel: {
      image: barrelImage,
      ax: 22 * k + 1,
      ay: 128 * k + 1,
      width: barrelImage.width,
      height: barrelImage.height,
    },
    base: {
      image: baseImage,
      ax: 70 * k + 1,
      ay: 70 * k + 1,
      width: baseImage.width,
      height: baseImage.height,
    },
  };
}

/** The sea (gradient, light shafts from the surface) at `pixelWidth`: copied whole each frame. */
export function seaImage(pixelWidth: number, palette: { top: string; bottom: string; ray: string }) {
  const k = pixelWidth / SCENE_WIDTH;
  const made = surface(pixelWidth, (pixelWidth * SCENE_HEIGHT) / SCENE_WIDTH, true);
  if (!made) return null;
  const [sea, ctx] = made;
  ctx.setTransform(k, 0, 0, k, 0, 0);
  const gradient = ctx.createLinearGradient(0, 0, 0, SCENE_HEIGHT);
  gradient.addColorStop(0, palette.top);
  gradient.addColorStop(1, palette.bottom);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, SCENE_WIDTH, SCENE_HEIGHT);
  // Light shafts from the surface: depth without an image.
  ctx.fillStyle = palette.ray;
  for (let i = 0; i < 4; i += 1) {
    const x = i * 430 + 120;
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x + 120, 0);
    ctx.lineTo(x - 80, SCENE_HEIGHT);
    ctx.lineTo(x - 260, SCENE_HEIGHT);
    ctx.closePath();
    ctx.fill();
  }
  return sea;
}

/**
 * A capture's win text ("+₹6.00") drawn into `into` (the burst's own canvas, reused): measured and
 * rasterised once per capture rather than shaped every frame it floats up.
 */
export function textSprite(into: HTMLCanvasElement, text: string, px: number, colour: string): Sprite | null {
  const font = `bold ${Math.round(px)}px sans-serif`;
  const probe = into.getContext('2d');
  if (!probe) return null;
  probe.font = font;
  const width = Math.ceil(probe.measureText(text).width) + 4;
  const height = Math.ceil(px * 1.3) + 4;
  // Resizing clears the canvas and resets its state.
  into.width = width;
  into.height = height;
  const ctx = into.getContext('2d');
  if (!ctx) return null;
  ctx.font = font;
  ctx.fillStyle = colour;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(text, width / 2, Math.ceil(px) + 2);
  return { image: into, ax: width / 2, ay: Math.ceil(px) + 2, width, height };
}
