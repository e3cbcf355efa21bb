import {
  FISH_PER_SEGMENT,
  type FishingScene,
  type FishKind,
  fishSpecies,
  MAX_LIFETIME_MS,
  SCENE_HEIGHT,
  SCENE_WIDTH,
  type SceneFish,
  SEGMENT_MS,
  sceneFish,
} from '@lotus/games/fishing/index';

/**
 * The fishing screen's canvas (docs/fishing.md "The screen"): plain Canvas 2D, no library. It draws the
 * session's public scene — the same fish the server checks shots against, from scene.ts — with a cannon at
 * the bottom, bullets in flight, and capture bursts with the win popping up.
 *
 * Written for a slow phone at 60 fps: nothing is allocated in the frame loop. Fish are computed once per
 * id (they never change) a segment at a time, the next segment a fish or two per frame ahead of need;
 * positions and headings are evaluated inline into numbers (scene.ts' fishPosition returns a new object);
 * bullets, bursts and popups live in fixed pools; each species' art is a Path2D built once.
 */

export const CANNON_X = SCENE_WIDTH / 2;
export const CANNON_Y = SCENE_HEIGHT + 10;
/** Bullet speed in scene units per ms (a bullet crosses the scene's height in about 0.6 s). */
const BULLET_SPEED = 1.6;
const BULLETS = 48;
const BURSTS = 24;
/** How long a capture burst and its popup last. */
const BURST_MS = 1400;

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

export type FishingPalette = { top: string; bottom: string; ray: string; text: string; cannon: string };

export const PALETTES: Record<'light' | 'dark', FishingPalette> = {
  light: {
    top: '#4fc3f7',
    bottom: '#01579b',
    ray: 'rgba(255,255,255,0.10)',
    text: '#fffde7',
    cannon: '#ffb300',
  },
  dark: {
    top: '#0d3b66',
    bottom: '#020b1a',
    ray: 'rgba(255,255,255,0.05)',
    text: '#fff59d',
    cannon: '#ffa000',
  },
};

type Bullet = { active: boolean; x: number; y: number; tx: number; ty: number; start: number; ms: number };
type Burst = { active: boolean; x: number; y: number; start: number; text: string; big: boolean };

/** Where one fish is and which way it faces at time t, written into `out` (no allocation). */
export function placeFish(
  fish: SceneFish,
  t: number,
  out: { x: number; y: number; c: number; s: number },
): boolean {
  const u = (t - fish.spawnAt) / fish.lifetimeMs;
  if (u < 0 || u >= 1) return false;
  const v = 1 - u;
  const [p0, p1, p2, p3] = fish.path;
  const w0 = v * v * v;
  const w1 = 3 * v * v * u;
  const w2 = 3 * v * u * u;
  const w3 = u * u * u;
  out.x = w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x;
  out.y = w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y;
  const a = 3 * v * v;
  const b = 6 * v * u;
  const c = 3 * u * u;
  const dx = a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x);
  const dy = a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y);
  const length = Math.sqrt(dx * dx + dy * dy) || 1;
  out.c = dx / length;
  out.s = dy / length;
  return true;
}

/** The scene's fish by segment: computed once each, kept while they can still be alive. */
export class FishCache {
  readonly #scene: FishingScene;
  readonly #segments = new Map<number, SceneFish[]>();
  /** Segments reaching back this far can still have a live fish. */
  readonly #back = Math.ceil(MAX_LIFETIME_MS / SEGMENT_MS);

  constructor(scene: FishingScene) {
    this.#scene = scene;
  }

  /** The fish of segment k, computing what is missing (at most `budget` fish; Infinity = all). */
  segment(k: number, budget = Number.POSITIVE_INFINITY): SceneFish[] | null {
    let list = this.#segments.get(k);
    if (!list) {
      list = [];
      this.#segments.set(k, list);
    }
    let left = budget;
    while (list.length < FISH_PER_SEGMENT && left > 0) {
      list.push(sceneFish(this.#scene, k * FISH_PER_SEGMENT + list.length));
      left -= 1;
    }
    return list.length === FISH_PER_SEGMENT ? list : null;
  }

  /** Calls `each` for every fish that may be alive at t (the caller checks), and prepares the next segment. */
  forEachNear(t: number, each: (fish: SceneFish) => void): void {
    const k = Math.floor(t / SEGMENT_MS);
    for (let s = Math.max(0, k - this.#back); s <= k; s += 1) {
      const list = this.segment(s);
      if (list) for (let i = 0; i < list.length; i += 1) each(list[i] as SceneFish);
    }
    // Two fish of the next segment per frame: ready long before it starts, never a long frame.
    this.segment(k + 1, 2);
    const old = k - this.#back - 1;
    if (this.#segments.has(old)) this.#segments.delete(old);
  }

  /** One fish by id (from its segment). */
  fish(id: number): SceneFish | undefined {
    const list = this.segment(Math.floor(id / FISH_PER_SEGMENT));
    return list?.[id % FISH_PER_SEGMENT];
  }
}

function kindOf(code: string): FishKind {
  return fishSpecies(code)?.kind ?? 'small';
}

/** The fishing canvas: call `frame(t)` from requestAnimationFrame with the scene time. */
export class FishingRenderer {
  readonly cache: FishCache;
  /** Fish the screen has seen captured: drawn no more (the scene itself does not know). */
  readonly captured = new Set<number>();
  /** The cannon's angle from straight up, radians (−1.4 … 1.4). */
  aim = 0;
  #ctx: CanvasRenderingContext2D;
  #palette: FishingPalette;
  #scale = 1;
  /** The sea (gradient and light shafts) drawn once per size: a copy per frame, not a gradient fill. */
  #background: HTMLCanvasElement | null = null;
  readonly #paths = new Map<Shape, { body: Path2D; accent: Path2D }>();
  readonly #bullets: Bullet[] = Array.from({ length: BULLETS }, () => ({
    active: false,
    x: 0,
    y: 0,
    tx: 0,
    ty: 0,
    start: 0,
    ms: 1,
  }));
  readonly #bursts: Burst[] = Array.from({ length: BURSTS }, () => ({
    active: false,
    x: 0,
    y: 0,
    start: 0,
    text: '',
    big: false,
  }));
  readonly #at = { x: 0, y: 0, c: 1, s: 0 };
  /** The last frame's time (bullets and bursts started from outside use it). */
  #now = 0;
  #drawOne = (fish: SceneFish) => this.#drawFish(fish);

  constructor(ctx: CanvasRenderingContext2D, scene: FishingScene, palette: FishingPalette) {
    this.#ctx = ctx;
    this.cache = new FishCache(scene);
    this.#palette = palette;
    for (const [shape, d] of Object.entries(SHAPES) as [Shape, { body: string; accent: string }][]) {
      this.#paths.set(shape, { body: new Path2D(d.body), accent: new Path2D(d.accent) });
    }
  }

  /** The canvas's pixel width changed (or the theme): scale the 1600 × 900 scene to it. */
  resize(pixelWidth: number, palette: FishingPalette): void {
    this.#scale = pixelWidth / SCENE_WIDTH;
    this.#palette = palette;
    const sea = document.createElement('canvas');
    sea.width = Math.max(1, Math.round(pixelWidth));
    sea.height = Math.max(1, Math.round((pixelWidth * SCENE_HEIGHT) / SCENE_WIDTH));
    const ctx = sea.getContext('2d');
    if (!ctx) return;
    const k = this.#scale;
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
    this.#background = sea;
  }

  /**
   * The live fish the cannon points at: the nearest along the aim whose body the line passes within
   * reach of (or, with a point, the fish under it). Null when the shot would hit nothing.
   */
  target(t: number, point?: { x: number; y: number }): SceneFish | null {
    const dirX = Math.sin(this.aim);
    const dirY = -Math.cos(this.aim);
    let best: SceneFish | null = null;
    let bestScore = Number.POSITIVE_INFINITY;
    const at = this.#at;
    this.cache.forEachNear(t, (fish) => {
      if (this.captured.has(fish.id) || !placeFish(fish, t, at)) return;
      if (at.x < 0 || at.x > SCENE_WIDTH || at.y < 0 || at.y > SCENE_HEIGHT) return;
      const reach = (fishSpecies(fish.species)?.radius ?? 30) + 24;
      let score: number;
      if (point) {
        const dx = at.x - point.x;
        const dy = at.y - point.y;
        const d2 = dx * dx + dy * dy;
        if (d2 > reach * reach * 1.7) return;
        score = d2;
      } else {
        const rx = at.x - CANNON_X;
        const ry = at.y - CANNON_Y;
        const along = rx * dirX + ry * dirY;
        const across = Math.abs(rx * dirY - ry * dirX);
        if (along <= 0 || across > reach) return;
        score = along;
      }
      if (score < bestScore) {
        bestScore = score;
        best = fish;
      }
    });
    return best;
  }

  /** Points the cannon at a scene point. */
  aimAt(x: number, y: number): void {
    this.aim = Math.max(-1.4, Math.min(1.4, Math.atan2(x - CANNON_X, CANNON_Y - y)));
  }

  /** A bullet from the cannon to (x, y) (where the target is now). */
  fire(x: number, y: number): void {
    const bullet = this.#bullets.find((b) => !b.active) ?? this.#bullets[0];
    if (!bullet) return;
    const dx = x - CANNON_X;
    const dy = y - CANNON_Y;
    bullet.active = true;
    bullet.x = CANNON_X;
    bullet.y = CANNON_Y;
    bullet.tx = x;
    bullet.ty = y;
    bullet.start = this.#now;
    bullet.ms = Math.max(1, Math.sqrt(dx * dx + dy * dy) / BULLET_SPEED);
  }

  /** Where a fish is now (for firing and bursts); null when it is gone. */
  positionOf(id: number, t: number): { x: number; y: number } | null {
    const fish = this.cache.fish(id);
    return fish && placeFish(fish, t, this.#at) ? { x: this.#at.x, y: this.#at.y } : null;
  }

  /** A capture: the fish leaves the scene in a burst, the win pops up over it. */
  capture(ids: readonly number[], t: number, text: string, big: boolean): void {
    let first = true;
    for (const id of ids) {
      this.captured.add(id);
      const at = this.positionOf(id, t);
      if (!at) continue;
      const burst = this.#bursts.find((b) => !b.active) ?? this.#bursts[0];
      if (!burst) continue;
      burst.active = true;
      burst.x = at.x;
      burst.y = at.y;
      burst.start = this.#now;
      burst.text = first ? text : '';
      burst.big = big;
      first = false;
    }
  }

  /** Draws one frame of scene time t. */
  frame(t: number): void {
    this.#now = t;
    const ctx = this.#ctx;
    const k = this.#scale;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (this.#background) ctx.drawImage(this.#background, 0, 0);
    ctx.setTransform(k, 0, 0, k, 0, 0);
    this.cache.forEachNear(t, this.#drawOne);
    this.#drawBullets(t);
    this.#drawCannon();
    this.#drawBursts(t);
  }

  #drawFish(fish: SceneFish): void {
    if (this.captured.has(fish.id)) return;
    const at = this.#at;
    if (!placeFish(fish, this.#now, at)) return;
    const species = fishSpecies(fish.species);
    const look = LOOKS[fish.species];
    if (!species || !look) return;
    const paths = this.#paths.get(look.shape);
    if (!paths) return;
    const k = this.#scale;
    const r = species.radius * k;
    // Mirror a fish swimming leftwards so it is never upside down.
    const m = at.c < 0 ? -1 : 1;
    const ctx = this.#ctx;
    ctx.setTransform(at.c * r, at.s * r, -at.s * r * m, at.c * r * m, at.x * k, at.y * k);
    const kind = kindOf(fish.species);
    // Golden and boss fish get a halo: an outline, not shadowBlur (a blur per fish per frame is the
    // costliest thing a software-rendered canvas can do).
    if (kind === 'golden' || kind === 'boss') {
      ctx.strokeStyle = kind === 'golden' ? 'rgba(255,238,88,0.55)' : 'rgba(255,82,82,0.5)';
      ctx.lineWidth = 0.18;
      ctx.stroke(paths.body);
    }
    ctx.fillStyle = look.body;
    ctx.fill(paths.body);
    ctx.fillStyle = look.accent;
    ctx.fill(paths.accent);
    ctx.setTransform(k, 0, 0, k, 0, 0);
  }

  #drawBullets(t: number): void {
    const ctx = this.#ctx;
    ctx.fillStyle = '#fff176';
    for (const b of this.#bullets) {
      if (!b.active) continue;
      const u = (t - b.start) / b.ms;
      if (u >= 1 || u < 0) {
        b.active = false;
        continue;
      }
      const x = b.x + (b.tx - b.x) * u;
      const y = b.y + (b.ty - b.y) * u;
      ctx.beginPath();
      ctx.arc(x, y, 9, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  #drawCannon(): void {
    const ctx = this.#ctx;
    const k = this.#scale;
    const c = Math.cos(this.aim);
    const s = Math.sin(this.aim);
    ctx.setTransform(c * k, s * k, -s * k, c * k, CANNON_X * k, CANNON_Y * k);
    ctx.fillStyle = this.#palette.cannon;
    ctx.fillRect(-18, -120, 36, 110);
    ctx.fillStyle = '#5d4037';
    ctx.fillRect(-22, -128, 44, 14);
    ctx.setTransform(k, 0, 0, k, 0, 0);
    ctx.fillStyle = this.#palette.cannon;
    ctx.beginPath();
    ctx.arc(CANNON_X, CANNON_Y, 70, Math.PI, 0);
    ctx.fill();
  }

  #drawBursts(t: number): void {
    const ctx = this.#ctx;
    ctx.textAlign = 'center';
    for (const b of this.#bursts) {
      if (!b.active) continue;
      const u = (t - b.start) / BURST_MS;
      if (u >= 1 || u < 0) {
        b.active = false;
        continue;
      }
      ctx.globalAlpha = 1 - u;
      ctx.strokeStyle = b.big ? '#ffd600' : '#ffffff';
      ctx.lineWidth = 6;
      ctx.beginPath();
      ctx.arc(b.x, b.y, 30 + u * (b.big ? 160 : 90), 0, Math.PI * 2);
      ctx.stroke();
      if (b.text) {
        ctx.fillStyle = this.#palette.text;
        ctx.font = b.big ? 'bold 64px sans-serif' : 'bold 44px sans-serif';
        ctx.fillText(b.text, b.x, b.y - 40 - u * 80);
      }
      ctx.globalAlpha = 1;
    }
  }
}
