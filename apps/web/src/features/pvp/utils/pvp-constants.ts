/**
 * packages/shared/src/pvp.schema.ts's `PVP_API` and `PVP_TURN_MS`, repeated on purpose: a value import from
 * that module brings its zod schemas, and the zod builders they use then join the zod chunk the member
 * centre loads first (measured: +0.8 kB gzip). The web imports only its types; pvp-constants.test.ts keeps
 * these equal to the contract's.
 */
export const PVP_API_PATH = '/wps/pvp';
/** How long a player has to act before the clock packs (or declines a side show) for them. */
export const TURN_MS = 30_000;
