import { decimalToMinor } from '@lotus/shared/money';
import type {
  CoolOffDuration,
  LimitPeriod,
  MoneyLimitKind,
  MoneyLimitView,
  ProtectionState,
  SelfExclusionDuration,
} from '@lotus/shared/player-protection.schema';
import {
  LIMIT_PERIOD_LIST,
  MONEY_LIMIT_KIND_LIST,
  SESSION_LIMIT_RANGE,
} from '../../../lib/protection/protection-constants.ts';

/**
 * The "Play limits" page's pure rules (issue 17). The server decides everything (what applies now, what
 * waits 24 hours); these only read its state and catch a typo before sending.
 */

export type LimitSlot = { kind: MoneyLimitKind; period: LimitPeriod; view: MoneyLimitView | null };

/** Every kind × period, in the contract's order, with its view when the state has one (else no limit). */
export function limitSlots(state: Pick<ProtectionState, 'limits'>): LimitSlot[] {
  return MONEY_LIMIT_KIND_LIST.flatMap((kind) =>
    LIMIT_PERIOD_LIST.map((period) => ({
      kind,
      period,
      view: state.limits.find((limit) => limit.kind === kind && limit.period === period) ?? null,
    })),
  );
}

/** A typed limit: a positive amount with at most two decimals, as the server parses it. */
export function checkLimitAmount(text: string): 'required' | 'invalid' | null {
  if (text.trim() === '') return 'required';
  return decimalToMinor(text) === null ? 'invalid' : null;
}

/** Whether a typed amount is below the limit in force: such a change applies now, a higher one waits. */
export function appliesAtOnce(text: string, current: string | null): boolean {
  const minor = decimalToMinor(text);
  if (minor === null) return false;
  return current === null || minor < BigInt(current);
}

export function checkSessionMinutes(text: string): 'required' | 'invalid' | null {
  if (text.trim() === '') return 'required';
  if (!/^[0-9]{1,4}$/.test(text.trim())) return 'invalid';
  const minutes = Number(text.trim());
  return minutes < SESSION_LIMIT_RANGE.min || minutes > SESSION_LIMIT_RANGE.max ? 'invalid' : null;
}

export type ExclusionChoice =
  | { kind: 'cool_off'; duration: CoolOffDuration }
  | { kind: 'self_exclusion'; duration: SelfExclusionDuration };

/**
 * When a break or self-exclusion taken at `now` would end, for the confirm dialog ("it ends on …"); the
 * server's own answer (`endsAt`) is what the player is told afterwards. Months and years are calendar ones.
 */
export function exclusionEnd(choice: ExclusionChoice, now: Date): Date {
  const end = new Date(now.getTime());
  const days = (count: number) => end.setTime(now.getTime() + count * 24 * 60 * 60 * 1000);
  switch (choice.duration) {
    case '24h':
      days(1);
      break;
    case '7d':
      days(7);
      break;
    case '30d':
      days(30);
      break;
    case '6w':
      days(42);
      break;
    case '6m':
      end.setUTCMonth(end.getUTCMonth() + 6);
      break;
    case '1y':
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      break;
    case '5y':
      end.setUTCFullYear(end.getUTCFullYear() + 5);
      break;
  }
  return end;
}
