import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@lotus/shared/constants';
import {
  type ApplicationView,
  type ApplyResult,
  type ForfeitResult,
  type MyBonuses,
  type MyPromotion,
  PROMOTION_REMARK_MAX,
  type PromotionRules,
} from '@lotus/shared/promotion-engine.schema';
import type { PromotionRuleRow } from '../../db/tables/promotion-engine.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { sha256Hex } from '../../lib/request-hash.ts';
import { requireImage } from '../feedback/image-sniff.ts';
import { decisionFacts, EngineServiceBase, forfeitLedgerKey, issueBonus } from './bonus-issue.ts';
import type { PromotionEngineRepository } from './promotion-engine.repository.ts';
import { activityStatus, DEPOSIT_REASONS, evaluate, rulesView, windowOf } from './promotion-rules.ts';
import { applicationView, bonusesView, bonusView } from './promotion-views.ts';

/** The application form as the route read it. */
export type ApplicationForm = { remark: string | null; images: readonly Uint8Array[] };

type CleanImage = { mime: 'image/png' | 'image/jpeg'; sizeBytes: number; sha256: string; bytes: Uint8Array };

/** SPEC §5: remark ≤ 140 characters, ≤ 3 PNG/JPEG pictures of ≤ 5 MB, checked and cleaned as feedback's are. */
function checkForm(form: ApplicationForm): { remark: string | null; images: CleanImage[] } {
  const remark = form.remark?.trim() || null;
  if (remark !== null && ([...remark].length > PROMOTION_REMARK_MAX || remark.includes('\u0000'))) {
    throw new AppError('promotion_remark_too_long', { details: { max: PROMOTION_REMARK_MAX } });
  }
  // A browser sends an empty part for a file input left empty: that is no picture.
  const files = form.images.filter((bytes) => bytes.length > 0);
  if (files.length > UPLOAD_MAX_FILES)
    throw new AppError('upload_too_many', { details: { max: UPLOAD_MAX_FILES } });
  const images = files.map((bytes) => {
    if (bytes.length > UPLOAD_MAX_BYTES) {
      throw new AppError('upload_too_large', { details: { maxBytes: UPLOAD_MAX_BYTES } });
    }
    const image = requireImage(bytes, { details: { accepted: ['image/png', 'image/jpeg'] } });
    return {
      mime: image.type,
      sizeBytes: image.bytes.length,
      sha256: sha256Hex(image.bytes),
      bytes: image.bytes,
    };
  });
  return { remark, images };
}

const languageOf = (actor: Actor, language?: string) => (language ?? actor.language ?? 'EN').toUpperCase();

/**
 * The member's side of the promotion engine (docs/promotion-engine.md): statuses, apply / join, claim, the
 * applications, the bonuses with their wagering, and forfeit. Every write is one transaction under the
 * browser's Idempotency-Key; the ledger keys (`promotion:<application>:bonus`, `bonus:<grant>:forfeit`)
 * make a second posting impossible whatever key is sent.
 */
export class PromotionEngineService extends EngineServiceBase {
  /** A promotion's rules for its detail page (anyone); null for a promotion without rules. */
  async publicRules(promotionId: bigint): Promise<{ rules: PromotionRules | null }> {
    const head = await this.reads.promotionById(promotionId);
    if (!head?.active) throw new AppError('promotion_not_found');
    const rules = await this.reads.rules(promotionId);
    return { rules: rules ? rulesView(rules) : null };
  }

  /** Every active promotion of the brand with the member's SPEC §4 status. */
  async myPromotions(actor: Actor): Promise<{ list: MyPromotion[] }> {
    requireReal(actor);
    const now = this.clock.now();
    const promotions = await this.reads.activePromotions(actor.brandId);
    const applications = new Map(
      (await this.reads.applicationsOf(actor.memberId)).map((row) => [row.promotion_id, row]),
    );
    const claimable = await this.#claimableCheck(actor.memberId, now);
    return {
      list: promotions.map((head) => {
        const application = applications.get(head.id) ?? null;
        return {
          promotionId: head.id.toString(),
          status: activityStatus({
            head,
            rules: head.rules,
            application,
            claimable: application?.status === 'joined' && head.rules !== null && claimable(head.rules),
            now,
          }),
          applicationId: application ? application.id.toString() : null,
          rejectReason: application?.reject_reason ?? null,
        };
      }),
    };
  }

  /** Whether the member meets a rule now (member facts and deposits read once). */
  async #claimableCheck(memberId: bigint, now: Date): Promise<(rules: PromotionRuleRow) => boolean> {
    const member = await this.reads.member(memberId);
    const deposits = await this.reads.deposits(memberId);
    return (rules) => member !== undefined && evaluate(rules, member, deposits, now).ok;
  }

  async applications(actor: Actor, language?: string): Promise<{ list: ApplicationView[] }> {
    requireReal(actor);
    const rows = await this.reads.applicationsOf(actor.memberId);
    const claimable = await this.#claimableCheck(actor.memberId, this.clock.now());
    const lang = languageOf(actor, language);
    const list: ApplicationView[] = [];
    for (const row of rows) {
      const rules = row.status === 'joined' ? await this.reads.rules(row.promotion_id) : undefined;
      list.push(applicationView(row, lang, rules !== undefined && claimable(rules)));
    }
    return { list };
  }

  async bonuses(actor: Actor, language?: string): Promise<MyBonuses> {
    requireReal(actor);
    return bonusesView(await this.reads.grantsOf(actor.memberId), languageOf(actor, language));
  }

  /**
   * Apply (with the form) or join. Automatic promotion: issued at once when the member is eligible; signed up
   * (`joined`) when only a deposit is missing, to claim after it; refused otherwise. Manual: `pending` for an
   * operator. One application per (promotion, member): the unique key decides between racing requests.
   */
  async apply(
    actor: Actor,
    promotionId: bigint,
    key: string,
    form: ApplicationForm,
    ip: string,
    language?: string,
  ): Promise<ApplyResult> {
    requireReal(actor);
    const head = await this.reads.promotion(actor.brandId, promotionId);
    if (!head) throw new AppError('promotion_not_found');
    const rules = await this.reads.rules(promotionId);
    const window = windowOf(head, this.clock.now());
    if (!rules || window !== 'open') {
      throw new AppError('promotion_not_open', { details: { status: rules ? window : 'none' } });
    }
    const { remark, images } = checkForm(form);
    if (!rules.has_form && (remark !== null || images.length > 0)) {
      throw new AppError('invalid_request', { message: 'this promotion has no application form' });
    }
    const lang = languageOf(actor, language);
    const { value } = await runIdempotent(
      this.uow,
      {
        scope: `member:${actor.memberId}:promotion.apply`,
        key,
        request: { promotionId, remark, images: images.map((image) => image.sha256) },
      },
      async ({ engine, ledger, audit }) => {
        const now = this.clock.now();
        const member = await engine.member(actor.memberId);
        if (!member) throw new AppError('not_found');
        const eligibility = evaluate(rules, member, await engine.deposits(actor.memberId), now);
        let status: 'joined' | 'pending' | 'issued';
        if (!eligibility.ok) {
          if (rules.approval !== 'auto' || !DEPOSIT_REASONS.includes(eligibility.reason)) {
            throw new AppError('promotion_not_eligible', { details: { reason: eligibility.reason } });
          }
          status = 'joined';
        } else {
          status = rules.approval === 'auto' ? 'issued' : 'pending';
        }
        const application = await engine.insertApplication({
          brandId: actor.brandId,
          promotionId,
          memberId: actor.memberId,
          status: status === 'issued' ? 'pending' : status,
          remark,
          at: now,
        });
        if (!application) throw new AppError('promotion_already_applied');
        await engine.insertImages(application.id, images);
        let grant = null;
        if (status === 'issued' && eligibility.ok) {
          grant = await issueBonus(
            { engine, ledger },
            {
              application,
              facts: { head, rules, eligibility },
              at: now,
              by: 'auto',
            },
          );
        }
        await audit.record({
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: 'promotion.applied',
          ip,
          detail: {
            promotionId,
            applicationId: application.id,
            status,
            images: images.length,
            ...(grant ? { grantId: grant.id, amountMinor: grant.amount_minor, entryId: grant.entry_id } : {}),
          },
        });
        return this.#result(engine, application.id, grant?.id ?? null, lang);
      },
    );
    return value;
  }

  async #result(
    engine: PromotionEngineRepository,
    applicationId: bigint,
    grantId: bigint | null,
    lang: string,
  ): Promise<ApplyResult> {
    const application = await engine.application(applicationId);
    if (!application) throw new AppError('application_not_found');
    const grant = grantId === null ? undefined : await engine.grant(grantId);
    return { application: applicationView(application, lang), bonus: grant ? bonusView(grant, lang) : null };
  }

  /** Claims a signed-up (`joined`) automatic promotion once its qualifying deposit is there: issued now. */
  async claim(
    actor: Actor,
    promotionId: bigint,
    key: string,
    ip: string,
    language?: string,
  ): Promise<ApplyResult> {
    requireReal(actor);
    const lang = languageOf(actor, language);
    const { value } = await runIdempotent(
      this.uow,
      { scope: `member:${actor.memberId}:promotion.claim`, key, request: { promotionId } },
      async ({ engine, ledger, audit }) => {
        const now = this.clock.now();
        const application = await engine.lockApplicationOf(promotionId, actor.memberId);
        if (application?.status !== 'joined') throw new AppError('promotion_not_claimable');
        const facts = await decisionFacts(engine, application, now);
        if (!facts) throw new AppError('promotion_not_claimable');
        const { eligibility } = facts;
        if (!eligibility.ok) {
          if (DEPOSIT_REASONS.includes(eligibility.reason)) {
            throw new AppError('promotion_not_claimable', { details: { reason: eligibility.reason } });
          }
          throw new AppError('promotion_not_eligible', { details: { reason: eligibility.reason } });
        }
        const grant = await issueBonus(
          { engine, ledger },
          {
            application,
            facts,
            at: now,
            by: `member:${actor.memberId}`,
            claimed: true,
          },
        );
        await audit.record({
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: 'promotion.claimed',
          ip,
          detail: {
            promotionId,
            applicationId: application.id,
            ...(grant ? { grantId: grant.id, amountMinor: grant.amount_minor } : { award: 'free_rounds' }),
          },
        });
        return this.#result(engine, application.id, grant?.id ?? null, lang);
      },
    );
    return value;
  }

  /**
   * The player gives an open bonus up: `bonus_forfeit` member main → brand `bonus` of min(bonus, available
   * main balance), the grant `forfeited`, so the withdrawal gate no longer counts it. The grant is locked
   * before the balance (the settling round's order: grants, then balances).
   */
  async forfeit(
    actor: Actor,
    grantId: bigint,
    key: string,
    ip: string,
    language?: string,
  ): Promise<ForfeitResult> {
    requireReal(actor);
    const lang = languageOf(actor, language);
    const { value } = await runIdempotent(
      this.uow,
      { scope: `member:${actor.memberId}:bonus.forfeit`, key, request: { grantId } },
      async ({ engine, ledger, audit }) => {
        const now = this.clock.now();
        const grant = await engine.lockGrant(grantId);
        if (!grant || grant.member_id !== actor.memberId) throw new AppError('bonus_not_found');
        if (grant.status !== 'open') throw new AppError('bonus_not_open');
        const balance = await ledger.balanceOf(actor.memberId);
        let take = grant.amount_minor;
        if (balance.availableMinor < take) take = balance.availableMinor;
        let entryId: bigint | null = null;
        if (take > 0n) {
          const entry = await ledger.post({
            brandId: actor.brandId,
            idempotencyKey: forfeitLedgerKey(grant.id),
            kind: 'bonus_forfeit',
            memo: `Bonus ${grant.id} forfeited`,
            createdBy: `member:${actor.memberId}`,
            postings: [
              { accountId: balance.accountId, amountMinor: -take },
              { system: 'bonus', amountMinor: take },
            ],
          });
          entryId = entry.entryId;
        }
        await engine.markForfeited(grant.id, { at: now, forfeitedMinor: take, entryId });
        await audit.record({
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: 'bonus.forfeited',
          ip,
          detail: { grantId: grant.id, forfeitedMinor: take, entryId },
        });
        const row = await engine.grant(grant.id);
        if (!row) throw new AppError('bonus_not_found');
        return { bonus: bonusView(row, lang) };
      },
    );
    return value;
  }
}
