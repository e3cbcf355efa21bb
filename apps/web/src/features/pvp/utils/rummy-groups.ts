import { checkDeclaration, isJoker, type MeldKind, meldKind, rummyCard } from '@lotus/games/pvp/rummy-melds';

/**
 * The viewer's Rummy hand as they arrange it (docs/pvp.md "Web"): `groups[0]` holds the loose cards, the
 * others the groups the player made. Only the browser keeps the arrangement; the server sees it when the
 * player declares. Card ids are rummy-melds.ts's (two decks: a rank and suit do not name a card).
 */
export type RummyArrangement = number[][];

/**
 * The arrangement kept in step with the cards held: cards no longer held leave their group (a discard), new
 * ones (a draw) join the loose cards at the end, empty groups close.
 */
export function syncArrangement(groups: RummyArrangement, cards: readonly number[]): RummyArrangement {
  const held = new Set(cards);
  const kept = groups.map((group) => group.filter((card) => held.has(card)));
  const placed = new Set(kept.flat());
  const loose = [...(kept[0] ?? []), ...cards.filter((card) => !placed.has(card))];
  return [loose, ...kept.slice(1).filter((group) => group.length > 0)];
}

/** `selected` cards leave their groups and make a new group at the end. */
export function groupCards(groups: RummyArrangement, selected: readonly number[]): RummyArrangement {
  if (selected.length === 0) return groups;
  const picked = new Set(selected);
  const rest = groups.map((group) => group.filter((card) => !picked.has(card)));
  return [rest[0] ?? [], ...rest.slice(1).filter((group) => group.length > 0), [...selected]];
}

/** A group goes back to the loose cards. */
export function ungroup(groups: RummyArrangement, index: number): RummyArrangement {
  if (index <= 0 || index >= groups.length) return groups;
  return [
    [...(groups[0] ?? []), ...(groups[index] ?? [])],
    ...groups.slice(1).filter((_, i) => i + 1 !== index),
  ];
}

/** A card's place in a sorted row: jokers last, then by suit ♠♥♦♣ and rank. */
function sortKey(card: number, wildRank: number | null): number {
  const face = rummyCard(card);
  if (!face || (wildRank !== null && isJoker(card, wildRank))) return 1_000 + card;
  return face.suit * 20 + face.rank;
}

/** The loose cards sorted by suit and rank, jokers at the end. */
export function sortLoose(groups: RummyArrangement, wildRank: number | null): RummyArrangement {
  const loose = [...(groups[0] ?? [])].sort((a, b) => sortKey(a, wildRank) - sortKey(b, wildRank));
  return [loose, ...groups.slice(1)];
}

/** What a group is as a meld, or null when it is none (a lone card, two cards, a broken run). */
export function groupKind(group: readonly number[], wildRank: number | null): MeldKind | null {
  return wildRank === null || group.length === 0 ? null : meldKind(group, wildRank);
}

/**
 * The declaration the arrangement makes when `card` is put down: the groups, and the loose cards but that
 * one as one more group (they must be a meld too), and whether the server will find it valid.
 */
export function declarationOf(
  groups: RummyArrangement,
  card: number,
  wildRank: number,
): { groups: number[][]; check: ReturnType<typeof checkDeclaration> } {
  const shown = groups.map((group) => group.filter((c) => c !== card)).filter((group) => group.length > 0);
  return { groups: shown, check: checkDeclaration(shown, wildRank) };
}
