import { z } from 'zod';
import { VENDOR_LIST_PLATFORM } from './constants.ts';
import { envelopeOf } from './envelope.ts';

/**
 * The game catalogue as the API serves it (docs/content-contract.md "Catalogue"; SPEC §3 "Game / vendor
 * card", "Game launch item"). The browser imports only the types from here on eager paths: the schemas
 * pull zod in (ARCHITECTURE §1 traps).
 */

// Re-exported for the callers that import them from here (the list lives in a zod-free module).
export { GAME_TYPES, type GameType } from './game-types.ts';

/**
 * How a vendor opens (SPEC §3 "Game launch item" isGame): VASSALAGE lists its games in a pop-up, GAME
 * launches one game, LOBBY launches the vendor's own lobby.
 */
export const VENDOR_KINDS = ['VASSALAGE', 'GAME', 'LOBBY'] as const;
export type VendorKind = (typeof VENDOR_KINDS)[number];

/** Upper-case language code as brands store them ('EN', 'HI'); lower case is accepted and upper-cased. */
const languageParam = z
  .string()
  .regex(/^[A-Za-z]{2,3}$/)
  .transform((value) => value.toUpperCase());

/** `platform` as SPEC §3 sends it: one or more comma-separated client platforms ('flash,html5-desktop'). */
const platformParam = z
  .string()
  .max(64)
  .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/);

export const gameMenusQuerySchema = z.object({
  language: languageParam.optional(),
  platform: platformParam.default(VENDOR_LIST_PLATFORM),
});
export type GameMenusQuery = z.infer<typeof gameMenusQuerySchema>;

export const gameMenuVendorSchema = z.object({
  /** The vendor's code (SPEC "vassalage"), e.g. LOTUS. */
  vassalage: z.string(),
  /** In the requested language, falling back to English. */
  displayName: z.string(),
  logoUrl: z.string().nullable(),
  /** The game type the vendor is launched as in this category. */
  gameType: z.string(),
  isGame: z.enum(VENDOR_KINDS),
  /** A vendor under maintenance is listed, but a click says `game_maintenance` instead of launching. */
  maintenance: z.boolean(),
});
export type GameMenuVendor = z.infer<typeof gameMenuVendorSchema>;

export const gameMenuCategorySchema = z.object({
  /** The category's key: a game type, or a category a brand rule made (e.g. INHOUSE). */
  key: z.string(),
  /** i18n key of the label in the web app's `catalogue` namespace, e.g. `category.slots`. */
  labelKey: z.string(),
  gameType: z.string(),
  /** Name of the icon the web app draws, e.g. `slots`. */
  icon: z.string(),
  /** The site route of the category's page, e.g. `/rng`. */
  page: z.string(),
  /** Banner group of the page, or null when the page has no banner strip. */
  banner: z.string().nullable(),
  /** The page needs a logged-in player. */
  auth: z.boolean(),
  vendors: z.array(gameMenuVendorSchema),
});
export type GameMenuCategory = z.infer<typeof gameMenuCategorySchema>;

export const gameMenusSchema = z.object({ categories: z.array(gameMenuCategorySchema) });
export type GameMenus = z.infer<typeof gameMenusSchema>;
export const gameMenusResponse = envelopeOf(gameMenusSchema);
