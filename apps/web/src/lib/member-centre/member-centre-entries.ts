/**
 * SPEC §2 member centre menu, in its order, limited to the entries built so far (docs/wallet-contract.md
 * "Browser": later issues add profit and loss, bonus details, ... when they exist). `personalHistoryCopy` is
 * SPEC's key for the betting record.
 */
export const MEMBER_CENTRE_ENTRIES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  // Issue 19: the player's game profit and loss by day and game type.
  'personalProfit',
  // Issue 17: the player's own money per day (deposits, withdrawals, stakes, wins, net).
  'myActivity',
  // Issue 19: each bonus with its wagering requirement and progress, forfeit.
  'bonusDetails',
  'rewardCenter',
  // Issue 19: red envelopes, golden eggs and prize wheels (lucky draws) with their proof.
  'raffles',
  // Issue 19: invite friends and mission activity (SPEC §2 keys).
  'referral',
  'missionLeaderboard',
  'messageV2',
] as const;
export type MemberCentreEntry = (typeof MEMBER_CENTRE_ENTRIES)[number];

export function isMemberCentreEntry(page: string | undefined): page is MemberCentreEntry {
  return MEMBER_CENTRE_ENTRIES.includes(page as MemberCentreEntry);
}

/** The menu a member sees: transfer to upline only when member info says `toUpline`. */
export function visibleEntries(member: { toUpline: boolean }): MemberCentreEntry[] {
  return MEMBER_CENTRE_ENTRIES.filter((entry) => entry !== 'transferUpline' || member.toUpline);
}

export function memberCentrePath(entry: MemberCentreEntry): string {
  return `/member/${entry}`;
}
