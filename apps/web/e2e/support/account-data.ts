/**
 * Accounts the account journeys prepare (prepare-content.ts preset `newbie-twins`): copies of demo_newbie,
 * initial password Lotus-Welcome-2026! that must be changed, one per journey language.
 */
export const NEWBIE_TWINS = ['newbie_en', 'newbie_hi'] as const;
