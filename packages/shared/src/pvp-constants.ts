/**
 * The PVP rooms' zod-free constants (issue 22): the browser imports these without pulling the schemas (and
 * zod) into its pages; pvp.schema.ts re-exports them for the server.
 */
/** The PVP vendor's code (the room layer is a vendor behind the seamless-wallet protocol). */
export const PVP_VENDOR_CODE = 'PVP';
export const PVP_API = '/wps/pvp';
/** How long a player has for their turn (or a side show's reply) before the clock packs (declines) for them. */
export const PVP_TURN_MS = 30_000;
/** How many of the last events a snapshot carries. */
export const PVP_LAST_EVENTS = 30;
