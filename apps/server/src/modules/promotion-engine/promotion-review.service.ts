import type {
  ApplicationStatus,
  BonusView,
  CreatedPromotion,
  CreatePromotionBody,
  MyBonuses,
  PromotionRules,
  SetPromotionRulesBody,
} from '@lotus/shared/promotion-engine.schema';
import { AppError } from '../../lib/app-error.ts';
import { isRealAccount } from '../wallet/wallet-rules.ts';
import { decisionFacts, EngineServiceBase, issueBonus } from './bonus-issue.ts';
import type { ApplicationWithPromotion, PromotionEngineRepository } from './promotion-engine.repository.ts';
import { rulesRow, rulesView } from './promotion-rules.ts';
import { applicationView, bonusesView, bonusView } from './promotion-views.ts';

/** Who decides: an operator of the brand (by id) or the ops CLI (null); `ip` goes to the audit row. */
export type ReviewActor = { brandId: bigint; operatorId: bigint | null; ip: string };

const nameOf = (actor: ReviewActor) =>
  actor.operatorId === null ? 'operator:cli' : `operator:${actor.operatorId}`;

type OpsApplication = ReturnType<typeof applicationView> & { username: string };

/**
 * The back office's side of the engine (docs/promotion-engine.md "Operators"): a promotion's rules, the
 * review of applications and a member's wagering state; the same service backs the routes and the CLI.
 * Every decision is audited in its own transaction; the application row is locked, so two decisions on one
 * application queue and the second finds it decided (`application_not_pending`).
 */
/** Plain text as the stored HTML body: each blank-line-separated paragraph escaped in a <p>. */
export function paragraphsOf(text: string): string {
  const escapeHtml = (value: string) =>
    value.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
    );
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

export class PromotionReviewService extends EngineServiceBase {
  async setRules(
    actor: ReviewActor,
    code: string,
    body: SetPromotionRulesBody,
  ): Promise<{ rules: PromotionRules }> {
    const head = await this.reads.promotionByCode(actor.brandId, code);
    if (!head) throw new AppError('promotion_not_found');
    const row = rulesRow(body, head, nameOf(actor));
    await this.uow.run(async ({ engine, audit }) => {
      await engine.upsertRules(row, this.clock.now());
      await audit.record({
        brandId: actor.brandId,
        operatorId: actor.operatorId,
        memberId: null,
        action: 'promotion.rules_set',
        ip: actor.ip,
        detail: {
          promotionId: head.id,
          code,
          rules: body,
          ...(actor.operatorId === null ? { via: 'cli' } : {}),
        },
      });
    });
    const stored = await this.reads.rules(head.id);
    if (!stored) throw new AppError('promotion_not_found');
    return { rules: rulesView(stored) };
  }

  /**
   * A new promotion of the operator's brand (`promotion.created`, audited), and its rules in the same step
   * when given. The body's paragraphs are escaped and wrapped here: the page renders the stored content as
   * HTML, and an operator's typing must never become markup there.
   */
  async createPromotion(actor: ReviewActor, body: CreatePromotionBody): Promise<CreatedPromotion> {
    if (
      body.startsAt !== null &&
      body.endsAt !== null &&
      Date.parse(body.startsAt) >= Date.parse(body.endsAt)
    ) {
      throw new AppError('invalid_request', {
        message: 'endsAt must be after startsAt',
        details: { issues: [{ path: 'endsAt', code: 'too_small' }] },
      });
    }
    const id = await this.uow.run(async ({ engine, audit }) => {
      const inserted = await engine.insertPromotion({
        brand_id: actor.brandId,
        code: body.code,
        category: body.category,
        tags: body.tags,
        title: JSON.stringify({ EN: body.titleEn, HI: body.titleHi }),
        summary: JSON.stringify({ EN: body.summaryEn, HI: body.summaryHi }),
        content: JSON.stringify({ EN: paragraphsOf(body.bodyEn), HI: paragraphsOf(body.bodyHi) }),
        image_url: body.imageUrl,
        starts_at: body.startsAt === null ? null : new Date(body.startsAt),
        ends_at: body.endsAt === null ? null : new Date(body.endsAt),
        sort: body.sort,
      });
      if (inserted === undefined) throw new AppError('promotion_code_taken');
      await audit.record({
        brandId: actor.brandId,
        operatorId: actor.operatorId,
        memberId: null,
        action: 'promotion.created',
        ip: actor.ip,
        detail: {
          promotionId: inserted,
          code: body.code,
          ...(actor.operatorId === null ? { via: 'cli' } : {}),
        },
      });
      return inserted;
    });
    const rules = body.rules === undefined ? null : (await this.setRules(actor, body.code, body.rules)).rules;
    return { id: id.toString(), code: body.code, rules };
  }

  async applications(brandId: bigint, status: ApplicationStatus): Promise<{ list: OpsApplication[] }> {
    const rows = await this.reads.applicationsByStatus(brandId, status);
    return { list: rows.map((row) => ({ ...applicationView(row, 'EN'), username: row.username })) };
  }

  async #opsApplication(engine: PromotionEngineRepository, id: bigint): Promise<OpsApplication> {
    const row = (await engine.application(id)) as ApplicationWithPromotion | undefined;
    const member = row ? await engine.member(row.member_id) : undefined;
    if (!row || !member) throw new AppError('application_not_found');
    return { ...applicationView(row, 'EN'), username: member.username };
  }

  /** Approves a pending application: the bonus is issued (the rules still apply: a percentage needs its deposit). */
  async approve(
    actor: ReviewActor,
    applicationId: bigint,
  ): Promise<{ application: OpsApplication; bonus: BonusView | null }> {
    return this.uow.run(async ({ engine, ledger, audit }) => {
      const now = this.clock.now();
      const application = await engine.lockApplication(applicationId);
      if (!application || application.brand_id !== actor.brandId) throw new AppError('application_not_found');
      if (application.status !== 'pending') throw new AppError('application_not_pending');
      const facts = await decisionFacts(engine, application, now);
      if (!facts) throw new AppError('promotion_not_open');
      const { eligibility } = facts;
      if (!eligibility.ok) {
        throw new AppError('promotion_not_eligible', { details: { reason: eligibility.reason } });
      }
      const grant = await issueBonus(
        { engine, ledger },
        {
          application,
          facts,
          at: now,
          by: nameOf(actor),
        },
      );
      await audit.record({
        brandId: actor.brandId,
        operatorId: actor.operatorId,
        memberId: application.member_id,
        action: 'promotion.application_approved',
        ip: actor.ip,
        detail: {
          applicationId: application.id,
          ...(grant ? { grantId: grant.id, amountMinor: grant.amount_minor } : { award: 'free_rounds' }),
          ...(actor.operatorId === null ? { via: 'cli' } : {}),
        },
      });
      const row = grant ? await engine.grant(grant.id) : undefined;
      return {
        application: await this.#opsApplication(engine, application.id),
        bonus: row ? bonusView(row, 'EN') : null,
      };
    });
  }

  async reject(
    actor: ReviewActor,
    applicationId: bigint,
    reason: string,
  ): Promise<{ application: OpsApplication; bonus: null }> {
    const trimmed = reason.trim();
    if (trimmed === '' || trimmed.length > 500) throw new AppError('reason_required');
    return this.uow.run(async ({ engine, audit }) => {
      const application = await engine.lockApplication(applicationId);
      if (!application || application.brand_id !== actor.brandId) throw new AppError('application_not_found');
      if (application.status !== 'pending') throw new AppError('application_not_pending');
      await engine.decide(application.id, {
        status: 'rejected',
        at: this.clock.now(),
        by: nameOf(actor),
        rejectReason: trimmed,
      });
      await audit.record({
        brandId: actor.brandId,
        operatorId: actor.operatorId,
        memberId: application.member_id,
        action: 'promotion.application_rejected',
        ip: actor.ip,
        detail: {
          applicationId: application.id,
          reason: trimmed,
          ...(actor.operatorId === null ? { via: 'cli' } : {}),
        },
      });
      return { application: await this.#opsApplication(engine, application.id), bonus: null };
    });
  }

  /** One picture of an application of the operator's brand (1–3), for the review. */
  async image(
    brandId: bigint,
    applicationId: bigint,
    position: number,
  ): Promise<{ bytes: Uint8Array; type: string }> {
    const image = await this.reads.applicationImage(brandId, applicationId, position);
    if (!image) throw new AppError('not_found');
    return { bytes: image.bytes, type: image.mime };
  }

  /** A member's bonuses and what they lock (read only). */
  async wagering(brandId: bigint, username: string): Promise<MyBonuses & { username: string }> {
    const member = await this.reads.memberByUsername(brandId, username);
    if (!member || !isRealAccount(member))
      throw new AppError('not_found', { message: `no member "${username}"` });
    return { ...bonusesView(await this.reads.grantsOf(member.id), 'EN'), username: member.username };
  }
}
