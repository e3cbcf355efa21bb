import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * Free rounds in an in-house slot, a promotion award (issue 19; docs/promotion-engine.md "Free rounds"):
 * the member's grants with the rounds left. A grant is played by opening the studio game with it
 * (`freeRoundGrantId` on the studio's play request).
 */

const minorString = z.string().regex(/^[0-9]+$/);
const decimalString = z.string().regex(/^[0-9]+\.[0-9]{2}$/);

export const FREE_ROUND_STATUSES = ['active', 'used'] as const;
export type FreeRoundStatus = (typeof FREE_ROUND_STATUSES)[number];

export const freeRoundGrantSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  /** In the request's language. */
  promotionTitle: z.string(),
  gameCode: z.string(),
  /** The catalogue game to open (`/game?nodeId=…&freeRound=<id>`); null when the brand does not list it. */
  nodeId: z.string().nullable(),
  stakeMinor: minorString,
  stake: decimalString,
  currency: z.string(),
  roundsTotal: z.number().int(),
  roundsLeft: z.number().int(),
  status: z.enum(FREE_ROUND_STATUSES),
  /** What the played rounds paid so far. */
  wonMinor: minorString,
  won: decimalString,
  issuedAt: z.string(),
});
export type FreeRoundGrant = z.infer<typeof freeRoundGrantSchema>;
export const myFreeRoundsResponse = envelopeOf(z.object({ list: z.array(freeRoundGrantSchema) }));
