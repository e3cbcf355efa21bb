import type { PvpGameKind } from '@lotus/shared/pvp.schema';
import { commonTableReads } from './pvp-kind-kit.ts';
import type { PvpGameKindModule } from './pvp-kind-types.ts';
import { rummyKind } from './rummy-kind.ts';
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
 * The service, the clock job and the money never look inside a kind's table or its config.
 */
const KINDS: Record<PvpGameKind, PvpGameKindModule> = {
  'teen-patti': { ...commonTableReads, ...teenPattiKind },
  rummy: { ...commonTableReads, ...rummyKind },
};

export function gameKindOf(kind: string): PvpGameKindModule {
  const found = Object.hasOwn(KINDS, kind) ? KINDS[kind as PvpGameKind] : undefined;
  if (!found) throw new Error(`unknown PVP game kind ${kind}`);
  return found;
}
