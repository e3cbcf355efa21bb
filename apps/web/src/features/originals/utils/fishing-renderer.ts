import {
  FISH_PER_SEGMENT,
  FISH_SPECIES,
  type FishingScene,
  fishSpecies,
  MAX_LIFETIME_MS,
  SCENE_HEIGHT,
  SCENE_WIDTH,
  type SceneFish,
  SEGMENT_MS,
  sceneFish,
} from '@lotus/games/fishing/index';
import {
  cannonSprites,
  cellX,
  cellY,
  discSprite,
  type FishAtlas,
  fillFish,
  fishAtlases,
  headingCell,
  RING_RADIUS,
  ringSprite,
  type Sprite,
  seaImage,
  textSprite,
} from './fishing-sprites.ts';

/**
 * The fishing screen's canvas (docs/fishing.md "The screen"): plain Canvas 2D, no library. It draws the
 * session's public scene — the same fish the server checks shots against, from scene.ts — with a cannon at
 * the bottom, bullets in flight, and capture bursts with the win popping up.
 *
 * Written for a slow phone at 60 fps: nothing is allocated in the frame loop. Fish are computed once per
 * id (they never change) a segment at a time, the next segment a fish or two per frame ahead of need;
 * positions and headings are evaluated inline into numbers (scene.ts' fishPosition returns a new object);
 * bullets, bursts and popups live in fixed pools. Every picture — each species, the bullet, the net, the
 * cannon, a capture's win text — is a sprite drawn once per size (fishing-sprites.ts) and copied with
 * drawImage: a frame builds no path, fills no gradient, shapes no text.
 */

export const CANNON_X = SCENE_WIDTH / 2;
export const CANNON_Y = SCENE_HEIGHT + 10;
/** Bullet speed in scene units per ms (a bullet crosses the scene's height in about 0.6 s). */
const BULLET_SPEED = 1.6;
const BULLETS = 48;
const BURSTS = 24;
/** How long a capture burst and its popup last. */
const BURST_MS = 1400;

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
type Burst = { active: boolean; x: number; y: number; start: number; text: Sprite | null; big: boolean };

/** The sprites of one canvas size and palette. */
type Sprites = {
  fish: Map<string, FishAtlas>;
  bullet: Sprite | null;
  ring: Sprite | null;
  bigRing: Sprite | null;
  cannon: { barrel: Sprite; base: Sprite } | null;
};

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
  readonly #scene: FishingScene;
  /** The sea (gradient and light shafts) drawn once per size: a copy per frame, not a gradient fill. */
  #background: HTMLCanvasElement | null = null;
  #sprites: Sprites = { fish: new Map(), bullet: null, ring: null, bigRing: null, cannon: null };
  /** Each burst's win text, drawn into its own canvas once per capture (made on the first). */
  readonly #texts: (HTMLCanvasElement | null)[] = Array.from({ length: BURSTS }, () => null);
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
    text: null,
    big: false,
  }));
  readonly #at = { x: 0, y: 0, c: 1, s: 0 };
  /** The last frame's time (bullets and bursts started from outside use it). */
  #now = 0;
  #drawOne = (fish: SceneFish) => this.#drawFish(fish);

  constructor(ctx: CanvasRenderingContext2D, scene: FishingScene, palette: FishingPalette) {
    this.#ctx = ctx;
    this.cache = new FishCache(scene);
    this.#scene = scene;
    this.#palette = palette;
  }

  /** The canvas's pixel width changed (or the theme): scale the 1600 × 900 scene to it, redraw the sprites. */
  resize(pixelWidth: number, palette: FishingPalette): void {
    const k = pixelWidth / SCENE_WIDTH;
    this.#scale = k;
    this.#palette = palette;
    this.#background = seaImage(pixelWidth, palette);
    this.#sprites = {
      fish: fishAtlases(
        (this.#scene.species ?? FISH_SPECIES).map((s) => s.code),
        k,
      ),
      bullet: discSprite(9, '#fff176', k),
      ring: ringSprite('#ffffff', k),
      bigRing: ringSprite('#ffd600', k),
      cannon: cannonSprites(palette.cannon, k),
    };
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
      let slot = this.#bursts.findIndex((b) => !b.active);
      if (slot < 0) slot = 0;
      const burst = this.#bursts[slot];
      if (!burst) continue;
      burst.active = true;
      burst.x = at.x;
      burst.y = at.y;
      burst.start = this.#now;
      burst.text = null;
      burst.big = big;
      if (first && text) {
        // The win text is rasterised here, once, into the burst's own canvas.
        const into = this.#texts[slot] ?? document.createElement('canvas');
        this.#texts[slot] = into;
        burst.text = textSprite(into, text, (big ? 64 : 44) * this.#scale, this.#palette.text);
      }
      first = false;
    }
  }

  /** Draws one frame of scene time t: the sea copied, then sprites only, in pixel coordinates. */
  frame(t: number): void {
    this.#now = t;
    const ctx = this.#ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (this.#background) ctx.drawImage(this.#background, 0, 0);
    this.cache.forEachNear(t, this.#drawOne);
    this.#drawBullets(t);
    this.#drawCannon();
    this.#drawBursts(t);
  }

  #drawFish(fish: SceneFish): void {
    if (this.captured.has(fish.id)) return;
    const at = this.#at;
    if (!placeFish(fish, this.#now, at)) return;
    const k = this.#scale;
    const ctx = this.#ctx;
    const atlas = this.#sprites.fish.get(fish.species);
    if (atlas) {
      // The nearest pre-rotated heading, copied upright at a whole pixel.
      const cell = headingCell(at.c, at.s);
      const x = Math.round(at.x * k - atlas.half);
      const y = Math.round(at.y * k - atlas.half);
      ctx.drawImage(
        atlas.image,
        cellX(atlas, cell),
        cellY(atlas, cell),
        atlas.cell,
        atlas.cell,
        x,
        y,
        atlas.cell,
        atlas.cell,
      );
      return;
    }
    // A species beyond the atlas budget (a boss on a wide canvas): its outlines, turned and filled.
    const r = (fishSpecies(fish.species)?.radius ?? 30) * k;
    // Mirror a fish swimming leftwards so it is never upside down.
    const m = at.c < 0 ? -1 : 1;
    ctx.setTransform(at.c * r, at.s * r, -at.s * r * m, at.c * r * m, at.x * k, at.y * k);
    fillFish(ctx, fish.species);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }

  #drawBullets(t: number): void {
    const sprite = this.#sprites.bullet;
    if (!sprite) return;
    const ctx = this.#ctx;
    const k = this.#scale;
    for (const b of this.#bullets) {
      if (!b.active) continue;
      const u = (t - b.start) / b.ms;
      if (u >= 1 || u < 0) {
        b.active = false;
        continue;
      }
      const x = b.x + (b.tx - b.x) * u;
      const y = b.y + (b.ty - b.y) * u;
      // Whole pixels: an upright copy, never a resampled one.
      ctx.drawImage(sprite.image, Math.round(x * k - sprite.ax), Math.round(y * k - sprite.ay));
    }
  }

  #drawCannon(): void {
    const sprites = this.#sprites.cannon;
    if (!sprites) return;
    const ctx = this.#ctx;
    const k = this.#scale;
    const c = Math.cos(this.aim);
    const s = Math.sin(this.aim);
    const x = CANNON_X * k;
    const y = CANNON_Y * k;
    ctx.setTransform(c, s, -s, c, x, y);
    ctx.drawImage(sprites.barrel.image, -sprites.barrel.ax, -sprites.barrel.ay);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(sprites.base.image, Math.round(x - sprites.base.ax), Math.round(y - sprites.base.ay));
  }

  #drawBursts(t: number): void {
    const ctx = this.#ctx;
    const k = this.#scale;
    for (const b of this.#bursts) {
      if (!b.active) continue;
      const u = (t - b.start) / BURST_MS;
      if (u >= 1 || u < 0) {
        b.active = false;
        continue;
      }
      ctx.globalAlpha = 1 - u;
      const ring = b.big ? this.#sprites.bigRing : this.#sprites.ring;
      if (ring) {
        // The net widens: the ring's sprite scaled from its drawn radius to the burst's.
        const size = (30 + u * (b.big ? 160 : 90)) / RING_RADIUS;
        const w = ring.width * size;
        const h = ring.height * size;
        ctx.drawImage(ring.image, b.x * k - w / 2, b.y * k - h / 2, w, h);
      }
      const text = b.text;
      if (text) {
        ctx.drawImage(
          text.image,
          Math.round(b.x * k - text.ax),
          Math.round((b.y - 40 - u * 80) * k - text.ay),
        );
      }
      ctx.globalAlpha = 1;
    }
  }
}
