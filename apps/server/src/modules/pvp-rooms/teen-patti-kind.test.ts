import type { Card } from '@lotus/games/types';
import { describe, expect, it } from 'vitest';
import type { PvpRecordedEvent } from './pvp-kind-types.ts';
import { teenPattiKind } from './teen-patti-kind.ts';

const cards = (rank: number): Card[] => [0, 1, 2].map((suit) => ({ rank, suit }));

/** Three players dealt in; seat 2 asks seat 1 for a side show, which seat 1 accepts and wins. */
const events = [
  {
    type: 'dealt',
    hand: 1,
    dealer: 0,
    cards: [
      { seat: 0, playerId: 'p0', cards: cards(2) },
      { seat: 1, playerId: 'p1', cards: cards(14) },
      { seat: 2, playerId: 'p2', cards: cards(9) },
    ],
  },
  { type: 'seen', seat: 1 },
  { type: 'seen', seat: 2 },
  { type: 'side-show', from: 2, to: 1, accepted: null, loser: null },
  { type: 'side-show', from: 2, to: 1, accepted: true, loser: 2 },
] as unknown as PvpRecordedEvent[];

const shown = (viewerId: string | null) =>
  teenPattiKind.eventsView(events, viewerId).filter((event) => event.type === 'side-show-cards');

describe('Teen Patti side show', () => {
  it('shows each of its two players the other’s cards, and nobody else', () => {
    expect(shown('p1')).toEqual([{ type: 'side-show-cards', seat: 2, cards: expect.any(Array) }]);
    expect(shown('p2')).toEqual([{ type: 'side-show-cards', seat: 1, cards: expect.any(Array) }]);
    expect(shown('p0')).toEqual([]);
    expect(shown(null)).toEqual([]);
  });

  it('shows nothing for a declined side show', () => {
    const declined = events.map((event) =>
      (event as { accepted?: unknown }).accepted === true
        ? { ...event, accepted: false, loser: null }
        : event,
    );
    expect(teenPattiKind.eventsView(declined, 'p1').some((event) => event.type === 'side-show-cards')).toBe(
      false,
    );
  });
});
