import { describe, expect, it } from 'vitest';
import { avatarSrcOf, displayNameOf, rankLinkTarget } from './player-strip-rules.ts';

describe('displayNameOf', () => {
  it('shows the nickname, else the account', () => {
    expect(displayNameOf({ nickname: 'Demo Player', account: 'demo_player' })).toBe('Demo Player');
    expect(displayNameOf({ nickname: null, account: 'demo_player' })).toBe('demo_player');
    expect(displayNameOf({ nickname: '   ', account: 'demo_player' })).toBe('demo_player');
  });
});

describe('avatarSrcOf', () => {
  it('accepts a same-origin path only', () => {
    expect(avatarSrcOf('/avatars/avatar-3.svg')).toBe('/avatars/avatar-3.svg');
    expect(avatarSrcOf(null)).toBeNull();
    expect(avatarSrcOf('')).toBeNull();
    expect(avatarSrcOf('//evil.example/a.svg')).toBeNull();
    expect(avatarSrcOf('https://evil.example/a.svg')).toBeNull();
    expect(avatarSrcOf('javascript:alert(1)')).toBeNull();
  });
});

describe('rankLinkTarget', () => {
  const labelled = { memberLabel: [{ labelName: 'Verified' }] };
  const unlabelled = { memberLabel: [] };
  const both = { playerRank: '/playerRank', securityCentre: '/securityCenter' };

  it('leads a labelled member to the player-rank page, others to the security centre', () => {
    expect(rankLinkTarget(labelled, both)).toEqual({ kind: 'route', to: '/playerRank' });
    expect(rankLinkTarget(unlabelled, both)).toEqual({ kind: 'route', to: '/securityCenter' });
  });

  it('skips a page the site does not have', () => {
    expect(rankLinkTarget(labelled, { playerRank: null, securityCentre: '/securityCenter' })).toEqual({
      kind: 'route',
      to: '/securityCenter',
    });
    expect(rankLinkTarget(labelled, { playerRank: null, securityCentre: null })).toEqual({
      kind: 'changePassword',
    });
    expect(rankLinkTarget(unlabelled, { playerRank: '/playerRank', securityCentre: null })).toEqual({
      kind: 'changePassword',
    });
  });
});
