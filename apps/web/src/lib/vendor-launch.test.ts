import type { GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { describe, expect, it } from 'vitest';
import { type LaunchableGame, resolveGameLaunch, resolveLaunch } from './vendor-launch.ts';

const vendor = (overrides: Partial<GameMenuVendor> = {}): GameMenuVendor => ({
  vassalage: 'LOTUS',
  displayName: 'Lotus Originals',
  logoUrl: '/brand/vendors/lotus.svg',
  gameType: 'RNG',
  isGame: 'GAME',
  maintenance: false,
  ...overrides,
});

const player = { loggedIn: true };

describe('resolveLaunch (SPEC §4)', () => {
  it('sends a visitor to log in first, before anything else, even for a vendor under maintenance', () => {
    expect(resolveLaunch(vendor(), { loggedIn: false })).toEqual({ kind: 'login', to: '/login' });
    expect(resolveLaunch(vendor({ maintenance: true }), { loggedIn: false })).toEqual({
      kind: 'login',
      to: '/login',
    });
  });

  it('says game_maintenance for a vendor under maintenance, whatever its kind', () => {
    for (const overrides of [{}, { vassalage: 'TCG_SEA' }, { isGame: 'VASSALAGE' as const }]) {
      expect(resolveLaunch(vendor({ ...overrides, maintenance: true }), player)).toEqual({
        kind: 'maintenance',
        messageKey: 'errors:game_maintenance',
      });
    }
  });

  it('routes the lottery vendors to their launch routes', () => {
    const to = (overrides: Partial<GameMenuVendor>) => resolveLaunch(vendor(overrides), player);
    expect(to({ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT' })).toEqual({
      kind: 'navigate',
      to: '/vnLottery',
    });
    expect(to({ vassalage: 'TCG_SEA', gameType: 'LOTT' })).toEqual({ kind: 'navigate', to: '/seaLottery' });
    expect(to({ vassalage: 'LOTT', gameType: 'LOTT' })).toEqual({ kind: 'navigate', to: '/lottery' });
    expect(to({ vassalage: 'ELOTT', gameType: 'ELOTT' })).toEqual({ kind: 'navigate', to: '/lottery' });
    // Issue 20: the in-house lottery engine's vendor (LOTTO) lists LOTT and ELOTT games.
    expect(to({ vassalage: 'LOTTO', gameType: 'LOTT', isGame: 'VASSALAGE' })).toEqual({
      kind: 'navigate',
      to: '/lottery',
    });
    // Another vendor of a lottery type opens the lottery lobby too, even a VASSALAGE one.
    expect(to({ vassalage: 'LOTUS_LOTTO', gameType: 'ELOTT', isGame: 'VASSALAGE' })).toEqual({
      kind: 'navigate',
      to: '/lottery',
    });
  });

  it('opens the game list pop-up of a VASSALAGE vendor, before the vendor list pages', () => {
    const popup = vendor({ isGame: 'VASSALAGE', gameType: 'RNG' });
    expect(resolveLaunch(popup, player)).toEqual({ kind: 'vendorGames', vendor: popup });
  });

  it('opens the vendor list page of slots, fishing and cards with the vendor selected', () => {
    expect(resolveLaunch(vendor({ gameType: 'RNG' }), player)).toEqual({
      kind: 'navigate',
      to: '/rng?page=LOTUS',
    });
    expect(resolveLaunch(vendor({ gameType: 'FISH', isGame: 'LOBBY' }), player)).toEqual({
      kind: 'navigate',
      to: '/fish?page=LOTUS',
    });
    expect(resolveLaunch(vendor({ gameType: 'PVP' }), player)).toEqual({
      kind: 'navigate',
      to: '/pvp?page=LOTUS',
    });
  });

  it('starts any other vendor in-route, in the game frame', () => {
    expect(resolveLaunch(vendor({ gameType: 'LIVE', vassalage: 'LOTUS_LIVE' }), player)).toEqual({
      kind: 'play',
      to: '/game?vassalage=LOTUS_LIVE&gameType=LIVE',
    });
    expect(resolveLaunch(vendor({ gameType: 'TG', isGame: 'LOBBY' }), player)).toEqual({
      kind: 'play',
      to: '/game?vassalage=LOTUS&gameType=TG',
    });
  });
});

describe('resolveGameLaunch (SPEC §4 single games)', () => {
  const game = (overrides: Partial<LaunchableGame> = {}): LaunchableGame => ({
    nodeId: '101',
    gameCode: 'lotus-fortune',
    vassalage: 'LOTUS',
    gameType: 'RNG',
    maintenance: false,
    supportPlay: 0,
    ...overrides,
  });
  const desk = { loggedIn: true, trial: false, phone: false };

  it('asks a visitor to log in for a real game, even one under maintenance', () => {
    expect(resolveGameLaunch(game(), { ...desk, loggedIn: false })).toEqual({ kind: 'login' });
    expect(resolveGameLaunch(game({ maintenance: true }), { ...desk, loggedIn: false })).toEqual({
      kind: 'login',
    });
  });

  it('lets a visitor play a free trial only where supportPlay is 0', () => {
    const visitorTrial = { loggedIn: false, trial: true, phone: false };
    expect(resolveGameLaunch(game(), visitorTrial)).toEqual({ kind: 'popup', trial: true });
    expect(resolveGameLaunch(game({ supportPlay: 1 }), visitorTrial)).toEqual({ kind: 'login' });
    expect(resolveGameLaunch(game({ supportPlay: 1 }), { ...visitorTrial, loggedIn: true })).toEqual({
      kind: 'popup',
      trial: false,
    });
  });

  it('says maintenance before launching anything', () => {
    expect(resolveGameLaunch(game({ maintenance: true }), desk)).toEqual({ kind: 'maintenance' });
    expect(
      resolveGameLaunch(game({ maintenance: true }), { loggedIn: false, trial: true, phone: true }),
    ).toEqual({ kind: 'maintenance' });
  });

  it('keeps the lottery launch routes', () => {
    expect(resolveGameLaunch(game({ vassalage: 'TCG_LOTTO_VN' }), desk)).toEqual({
      kind: 'navigate',
      to: '/vnLottery',
    });
    expect(resolveGameLaunch(game({ vassalage: 'TCG_SEA' }), desk)).toEqual({
      kind: 'navigate',
      to: '/seaLottery',
    });
    expect(resolveGameLaunch(game({ vassalage: 'LOTT', gameCode: 'VN 1' }), desk)).toEqual({
      kind: 'navigate',
      to: '/lottery?gameCode=VN+1',
    });
    // Issue 20: an engine game opens its own game page, on a phone too, never the game frame.
    for (const phone of [false, true]) {
      expect(
        resolveGameLaunch(game({ vassalage: 'LOTTO', gameType: 'LOTT', gameCode: 'vn-fast-1' }), {
          ...desk,
          phone,
        }),
      ).toEqual({ kind: 'navigate', to: '/lottery?gameCode=vn-fast-1' });
    }
    expect(resolveGameLaunch(game({ gameType: 'ELOTT', gameCode: 'E5' }), desk)).toEqual({
      kind: 'navigate',
      to: '/lottery?gameCode=E5',
    });
  });

  it('opens the pop-up on a desktop and the /game page on a phone', () => {
    expect(resolveGameLaunch(game(), desk)).toEqual({ kind: 'popup', trial: false });
    expect(resolveGameLaunch(game(), { ...desk, phone: true })).toEqual({
      kind: 'page',
      to: '/game?nodeId=101',
      trial: false,
    });
    expect(resolveGameLaunch(game(), { loggedIn: false, trial: true, phone: true })).toEqual({
      kind: 'page',
      to: '/game?nodeId=101&trial=1',
      trial: true,
    });
  });
});
