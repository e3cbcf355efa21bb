import type {
  ExclusionView,
  LimitChangeResult,
  OperatorExclusionBody,
  OperatorLimitBody,
  OperatorProtectionView,
} from '@lotus/shared/player-protection.schema';
import { AppError } from '../../lib/app-error.ts';
import type { ExclusionsService } from './exclusions.service.ts';
import type { LimitsService } from './limits.service.ts';

/** The member of the operator's brand with that username (members module). */
export type FindMember = (
  brandId: bigint,
  username: string,
) => Promise<{ id: bigint; username: string; brand_id: bigint } | undefined>;

/** A reason as typed, trimmed; too short once trimmed: `reason_required`. */
function reasonOf(text: string): string {
  const reason = text.trim();
  if (reason.length < 3) throw new AppError('reason_required');
  return reason;
}

/** Who acts in the back office: an operator (`operatorId`) or the CLI (null, `cli`). */
export type ProtectionOperator = {
  brandId: bigint;
  operatorId: bigint | null;
  /** The operator's username (null for the CLI). */
  username: string | null;
  ip: string;
};

/**
 * The back office's side of player protection (issue 17 "Operator side"): see a player's limits, their
 * history and exclusions; add an operator exclusion with a reason. Nothing here lowers a limit, removes
 * one or shortens an exclusion — there is no such call to make (and the database refuses a shortened
 * exclusion typed by hand: trigger `play_exclusions_never_shortened`).
 */
export class OperatorProtectionService {
  readonly #findMember: FindMember;
  readonly #limits: LimitsService;
  readonly #exclusions: ExclusionsService;

  constructor(findMember: FindMember, limits: LimitsService, exclusions: ExclusionsService) {
    this.#findMember = findMember;
    this.#limits = limits;
    this.#exclusions = exclusions;
  }

  async #member(brandId: bigint, username: string) {
    const member = await this.#findMember(brandId, username.toLowerCase());
    if (!member) throw new AppError('not_found', { message: `no member "${username}" in this brand` });
    return member;
  }

  async view(brandId: bigint, username: string): Promise<OperatorProtectionView> {
    const member = await this.#member(brandId, username);
    const [state, history, exclusions] = await Promise.all([
      this.#limits.state({ memberId: member.id, brandId: member.brand_id }),
      this.#limits.history(member.id),
      this.#exclusions.list(member.id),
    ]);
    return {
      username: member.username,
      state,
      history: history.map((version) => ({
        kind: version.kind,
        period: version.period,
        amount: version.amount.toString(),
        effectiveFrom: version.effectiveFrom.toISOString(),
        effectiveUntil: version.effectiveUntil?.toISOString() ?? null,
        createdAt: version.createdAt.toISOString(),
        createdBy: version.createdBy,
      })),
      exclusions,
    };
  }

  /** A stricter limit for the player (never a looser one: `protection_operator_loosen`). */
  async tighten(
    operator: ProtectionOperator,
    username: string,
    body: OperatorLimitBody,
  ): Promise<LimitChangeResult> {
    const member = await this.#member(operator.brandId, username);
    return this.#limits.tightenByOperator(this.#caller(operator, member), {
      ...body,
      reason: reasonOf(body.reason),
    });
  }

  #caller(operator: ProtectionOperator, member: { id: bigint; brand_id: bigint }) {
    return {
      memberId: member.id,
      brandId: member.brand_id,
      sessionId: null,
      ip: operator.ip,
      userAgent: null,
      by: operator.username === null ? 'cli' : `operator:${operator.username}`,
      operatorId: operator.operatorId,
    };
  }

  async exclude(
    operator: ProtectionOperator,
    username: string,
    body: OperatorExclusionBody,
  ): Promise<ExclusionView> {
    const member = await this.#member(operator.brandId, username);
    return this.#exclusions.excludeByOperator(this.#caller(operator, member), {
      endsAt: body.endsAt === undefined ? null : new Date(body.endsAt),
      reason: reasonOf(body.reason),
    });
  }
}
