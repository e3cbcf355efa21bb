/**
 * The live API's constants the screens need at run time, the same values as packages/shared live.schema.ts
 * (a test pins them equal). Not imported from there: that module builds its zod schemas when loaded, and
 * the zod functions it uses would join the shared zod chunk every form page loads (bench/web/budget.json).
 * Types still come from live.schema.ts (`import type`, erased from the build).
 */
export const LIVE_API = '/api/live';
export const LIVE_VENDOR_CODE = 'LIVE';
export const LIVE_SESSION_HEADER = 'x-live-session';
export const LIVE_LAST_RESULTS = 50;
export const REALTIME_LIVE_MAX_TABLES = 20;
