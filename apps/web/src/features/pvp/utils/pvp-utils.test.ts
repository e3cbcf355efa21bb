import type { PvpEvent } from '@lotus/shared/pvp.schema';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../../lib/i18n.ts';
import { eventText, lastHandWins } from './event-text.ts';
import { initialsOf, seatPositions, turnShareLeft } from './seat-layout.ts';

describe('seat layout', () => {
  it('turns the viewer’s seat to the bottom middle and goes clockwise', () => {
    const positions = seatPositions(4, 2);
    expect(positions[2]).toEqual({ left: 50, top: 90 });
    // Clockwise on screen from the bottom: left, top, right.
    expect(positions[3]).toEqual({ left: 13, top: 50 });
    expect(positions[0]).toEqual({ left: 50, top: 10 });
    expect(positions[1]).toEqual({ left: 87, top: 50 });
    expect(seatPositions(3, null)[0]).toEqual({ left: 50, top: 90 });
  });

  it('makes initials and the clock’s share', () => {
    expect(initialsOf('raj_kumar')).toBe('RK');
    expect(initialsOf('asha')).toBe('AS');
    expect(initialsOf('अमित')).toBe('अम');
    const now = Date.parse('2026-11-28T08:00:00Z');
    expect(turnShareLeft('2026-11-28T08:00:15Z', now, 30_000)).toBe(0.5);
    expect(turnShareLeft('2026-11-28T07:59:00Z', now, 30_000)).toBe(0);
    expect(turnShareLeft('not a time', now, 30_000)).toBe(0);
  });
});

describe('event texts', () => {
  const t = ((key: string, options?: Record<string, unknown>) =>
    `${key} ${JSON.stringify(options ?? {})}`) as TFunction;
  const nickOf = (seat: number) => `n${seat}`;

  it('tells a side show asked from one that lapsed', () => {
    const event = { type: 'side-show', from: 1, to: 0, accepted: null, loser: null } as const;
    const bet = {
      type: 'bet',
      seat: 1,
      reason: 'side-show',
      amountMinor: '200',
      blind: false,
      stakeMinor: '100',
      potMinor: '900',
    } as const;
    expect(eventText(t, event, nickOf, 'P', bet)).toContain('pvp:log.sideShow.asked');
    expect(eventText(t, event, nickOf, 'P', { type: 'packed', seat: 0, reason: 'leave' })).toContain(
      'pvp:log.sideShow.lapsed',
    );
    expect(eventText(t, bet, nickOf, 'P')).toBe('pvp:log.bet.side-show {"nick":"n1","amount":"P2.00"}');
  });

  it('finds the wins of the last hand only', () => {
    const won = (hand: number): PvpEvent => ({ type: 'won', seat: 0, nick: `w${hand}`, amountMinor: '1' });
    const dealt = (hand: number): PvpEvent => ({ type: 'dealt', hand, dealer: 0, seats: [0, 1] });
    expect(lastHandWins([dealt(1), won(1), dealt(2), won(2)])).toEqual([won(2)]);
    expect(lastHandWins([dealt(1), won(1), dealt(2)])).toEqual([]);
  });
});
