import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameColourClass } from '../../../components/games/colour-class.ts';
import {
  isLotteryFavourite,
  readLotteryFavourites,
  toggleLotteryFavourite,
} from '../../../lib/games/lottery-favourites.ts';
import { createThrottle } from '../../../lib/games/throttle.ts';
import { addSearchTerm, readSearchHistory, removeSearchTerm, SEARCH_HISTORY_MAX } from './search-history.ts';
import { vendorsOfType } from './vendor-tabs.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('gameColourClass (SPEC §2: color1..color8 per game per session)', () => {
  it('draws one of the eight classes and keeps it for the game for the session', () => {
    expect(gameColourClass('7', () => 0)).toBe('color1');
    expect(gameColourClass('8', () => 0.999)).toBe('color8');
    expect(gameColourClass('9', () => 0.3)).toBe('color3');
    // Asked again with another draw: the stored colour wins.
    expect(gameColourClass('7', () => 0.9)).toBe('color1');
    expect(JSON.parse(window.sessionStorage.getItem('gameColours') ?? '{}')).toEqual({ 7: 1, 8: 8, 9: 3 });
  });

  it('covers all eight classes over many games', () => {
    const seen = new Set(Array.from({ length: 400 }, (_, index) => gameColourClass(String(index + 1))));
    expect([...seen].sort()).toEqual([
      'color1',
      'color2',
      'color3',
      'color4',
      'color5',
      'color6',
      'color7',
      'color8',
    ]);
  });

  it('draws again when the stored value is damaged', () => {
    window.sessionStorage.setItem('gameColours', '{"5": 42}');
    expect(gameColourClass('5', () => 0.5)).toBe('color5');
    window.sessionStorage.setItem('gameColours', 'not json');
    expect(gameColourClass('5', () => 0.1)).toBe('color1');
  });
});

describe('createThrottle (SPEC §9: favourite toggle 1000 ms)', () => {
  it('lets one call through per interval and ignores the rest without delaying the next', () => {
    let now = 10_000;
    const gate = createThrottle(1000, () => now);
    expect(gate.tryPass()).toBe(true);
    now += 400;
    expect(gate.tryPass()).toBe(false);
    now += 599;
    expect(gate.tryPass()).toBe(false);
    now += 1; // 1000 ms after the first accepted call, not after the refused ones
    expect(gate.tryPass()).toBe(true);
    expect(gate.tryPass()).toBe(false);
  });
});

describe('lottery favourites (SPEC §3: kept locally per username)', () => {
  it('toggles per username, newest first, without touching another player', () => {
    expect(readLotteryFavourites('asha')).toEqual([]);
    expect(toggleLotteryFavourite('asha', 'VN_NORTH')).toBe(true);
    expect(toggleLotteryFavourite('asha', 'SEA_5D')).toBe(true);
    expect(toggleLotteryFavourite('ravi', 'VN_NORTH')).toBe(true);
    expect(readLotteryFavourites('asha')).toEqual(['SEA_5D', 'VN_NORTH']);
    expect(toggleLotteryFavourite('asha', 'VN_NORTH')).toBe(false);
    expect(readLotteryFavourites('asha')).toEqual(['SEA_5D']);
    expect(isLotteryFavourite('ravi', 'VN_NORTH')).toBe(true);
    expect(isLotteryFavourite('asha', 'VN_NORTH')).toBe(false);
  });

  it('reads a damaged store as empty', () => {
    window.localStorage.setItem('lotteryFavourites', '[1,2]');
    expect(readLotteryFavourites('asha')).toEqual([]);
    expect(toggleLotteryFavourite('asha', 'X')).toBe(true);
    expect(readLotteryFavourites('asha')).toEqual(['X']);
  });
});

describe('search history', () => {
  it('keeps trimmed terms most recent first, once each (any case), at most the maximum', () => {
    addSearchTerm('  lotus ');
    addSearchTerm('tiger');
    addSearchTerm('LOTUS');
    addSearchTerm('   ');
    expect(readSearchHistory()).toEqual(['LOTUS', 'tiger']);
    for (let index = 0; index < SEARCH_HISTORY_MAX + 3; index += 1) addSearchTerm(`game ${index}`);
    const history = readSearchHistory();
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(history[0]).toBe(`game ${SEARCH_HISTORY_MAX + 2}`);
    expect(removeSearchTerm(`game ${SEARCH_HISTORY_MAX + 2}`)[0]).toBe(`game ${SEARCH_HISTORY_MAX + 1}`);
  });
});

describe('vendorsOfType', () => {
  it('lists the vendors of every category of the type, in menu order, once each', () => {
    const vendor = (vassalage: string, gameType: string) => ({
      vassalage,
      displayName: vassalage,
      logoUrl: null,
      gameType,
      isGame: 'GAME' as const,
      maintenance: false,
    });
    const category = (key: string, gameType: string, vendors: ReturnType<typeof vendor>[]) => ({
      key,
      labelKey: `category.${key}`,
      gameType,
      icon: key,
      page: `/${key}`,
      banner: null,
      auth: false,
      vendors,
    });
    const categories = [
      category('LIVE', 'LIVE', [vendor('EVO', 'LIVE')]),
      category('RNG', 'RNG', [vendor('LOTUS', 'RNG'), vendor('PG', 'RNG')]),
      category('JP', 'RNG', [vendor('PG', 'RNG'), vendor('JILI', 'RNG')]),
    ];
    expect(vendorsOfType(categories, 'RNG').map((v) => v.vassalage)).toEqual(['LOTUS', 'PG', 'JILI']);
    expect(vendorsOfType(categories, 'FISH')).toEqual([]);
  });
});
