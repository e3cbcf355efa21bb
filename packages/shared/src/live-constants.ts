/**
 * The live tables' zod-free constants (issue 22): the browser imports these without pulling the schemas (and
 * zod) into its pages; live.schema.ts re-exports them for the server.
 */
/** The tables' vendor code in the platform's catalogue. */
export const LIVE_VENDOR_CODE = 'LIVE';
/** The session header of the player calls (bets, balance, my bets). */
export const LIVE_SESSION_HEADER = 'x-live-session';
/** Where the API lives (/api is Lotus's own prefix). */
export const LIVE_API = '/api/live';
/** Results a table read lists (newest first). */
export const LIVE_LAST_RESULTS = 50;
/** Results the lobby (and a WebSocket push) carries per table. */
export const LIVE_LOBBY_RESULTS = 20;
/** Bet spots in one bet request, at most. */
export const LIVE_MAX_SPOTS = 40;
/** Tables one socket may follow. */
export const REALTIME_LIVE_MAX_TABLES = 20;
