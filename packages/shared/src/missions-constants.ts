/**
 * The zod-free constants of missions and referral (issue 19): the browser imports these without pulling
 * the schemas (and zod) into its pages; missions.schema.ts re-exports them for the server.
 */
export const MISSION_PERIODS = ['daily', 'weekly'] as const;
export type MissionPeriodName = (typeof MISSION_PERIODS)[number];
export const MISSIONS_SUMMARY_PATH = '/wps/relay/MCSFE_getMissionSummaryDetails';
export const MISSIONS_LEADERBOARD_PATH = '/wps/relay/MCSFE_getMissionLeaderboard';
