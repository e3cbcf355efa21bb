import type { PvpGameKind } from '@lotus/shared/pvp.schema';
import type { PvpGameKindModule, PvpRoomConfig } from './pvp-kind-types.ts';
import { teenPattiKind } from './teen-patti-kind.ts';

export type {
  PvpGameKindModule,
  PvpMove,
  PvpPlayRequest,
  PvpRecordedEvent,
  PvpRoomConfig,
} from './pvp-kind-types.ts';

/**
 * The room layer's registry of card games (docs/pvp.md "Server"): kind → its module (pvp-kind-types.ts).
 * The service, the clock job and the money never look inside a kind's table; a second game (Rummy) is one
 * more entry here.
 */
const KINDS: Record<PvpGameKind, PvpGameKindModule> = { 'teen-patti': teenPattiKind };

export function gameKindOf(kind: string): PvpGameKindModule {
  const found = Object.hasOwn(KINDS, kind) ? KINDS[kind as PvpGameKind] : undefined;
  if (!found) throw new Error(`unknown PVP game kind ${kind}`);
  return found;
}

/** `pvp_rooms.config` (minor units as strings) as a config. */
export function roomConfigOf(stored: unknown): PvpRoomConfig {
  const c = stored as Record<string, unknown>;
  return {
    seats: Number(c.seats),
    bootMinor: BigInt(String(c.bootMinor)),
    minBuyInMinor: BigInt(String(c.minBuyInMinor)),
    maxBuyInMinor: BigInt(String(c.maxBuyInMinor)),
    maxStakeMinor: BigInt(String(c.maxStakeMinor)),
    potLimitMinor: BigInt(String(c.potLimitMinor)),
    rakeBps: Number(c.rakeBps),
    rakeCapMinor: BigInt(String(c.rakeCapMinor)),
  };
}

export function storedConfigOf(config: PvpRoomConfig): Record<string, string | number> {
  return {
    seats: config.seats,
    bootMinor: config.bootMinor.toString(),
    minBuyInMinor: config.minBuyInMinor.toString(),
    maxBuyInMinor: config.maxBuyInMinor.toString(),
    maxStakeMinor: config.maxStakeMinor.toString(),
    potLimitMinor: config.potLimitMinor.toString(),
    rakeBps: config.rakeBps,
    rakeCapMinor: config.rakeCapMinor.toString(),
  };
}
