import { AGENT_TYPES, type MemberInfo, NOT_REAL_MEMBER_TYPE } from '@lotus/shared/auth.schema';
import { AVATAR_IDS, avatarUrlOf, isAvatarId, type PlayerAvatar } from '@lotus/shared/password.schema';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskMobile } from '../../lib/notify/mask.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { MemberProfile } from './member-profile.ts';
import { MembersRepository } from './members.repository.ts';

/** The languages a member's brand offers (the language selector's enabled entries). */
export type SupportedLanguagesOf = (brandId: bigint) => Promise<readonly string[]>;
/** Audit hook (SessionsService.audit); never given a secret. */
export type AuditFn = (
  brandId: bigint | null,
  memberId: bigint | null,
  action: string,
  origin: RequestOrigin,
  detail?: Record<string, unknown>,
) => Promise<void>;

/** Member info (SPEC §3) and the profile settings the member changes (language, avatar). */
export class MembersService {
  readonly #repository: MembersRepository<Db>;
  readonly #uow: UnitOfWork<{ members: MembersRepository<Tx> }>;
  readonly #languagesOf: SupportedLanguagesOf;
  readonly #audit: AuditFn;
  readonly #sessionsChanged: (memberId: bigint) => void;

  constructor(
    db: Db,
    languagesOf: SupportedLanguagesOf,
    audit: AuditFn,
    sessionsChanged: (memberId: bigint) => void = () => {},
  ) {
    this.#repository = new MembersRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => ({ members: new MembersRepository(trx) }));
    this.#languagesOf = languagesOf;
    this.#audit = audit;
    this.#sessionsChanged = sessionsChanged;
  }

  /** The caller's profile; a member deleted under a live session reads as logged out. */
  async #profile(actor: Actor): Promise<MemberProfile> {
    const profile = await this.#repository.findProfile(actor.memberId);
    if (!profile) throw new AppError('not_logged_in');
    return profile;
  }

  async memberInfo(actor: Actor): Promise<MemberInfo> {
    const member = await this.#profile(actor);
    return {
      id: member.id.toString(),
      account: member.username,
      nickname: member.nickname,
      type: member.memberType,
      // Transfers to the upline move real money: trial and type-4 accounts never offer it.
      toUpline: member.uplineId !== null && !member.isTrial && member.memberType !== NOT_REAL_MEMBER_TYPE,
      clubLabel: { labelName: member.clubLabelName, rankLevel: member.rankLevel },
      memberLabel: member.memberLabels.map((labelName) => ({ labelName })),
      isAgent: AGENT_TYPES.includes(member.memberType),
      isTrial: member.isTrial,
      firstTimeLogin: actor.firstLogin,
      avatarUrl: member.avatarId === null ? null : avatarUrlOf(member.avatarId),
      language: member.language,
      mobileNum: maskMobile(member.mobileNum),
      hasEmail: member.email !== null && member.email !== '',
      passwordChangeRequired: actor.passwordChangeRequired,
    };
  }

  /** Only a language the member's brand offers; anything else is `invalid_request`. */
  async setLanguage(actor: Actor, language: string, origin: RequestOrigin): Promise<void> {
    const supported = await this.#languagesOf(actor.brandId);
    if (!supported.includes(language)) {
      throw new AppError('invalid_request', {
        message: `language ${language} is not supported by the brand`,
        details: { issues: [{ path: 'language', code: 'unsupported_language' }] },
      });
    }
    await this.#uow.run(({ members }) => members.setLanguage(actor.memberId, language));
    // The session carries the language; this process's cached copy goes now, not when the commit's
    // NOTIFY comes back, so the member's next request already reads in the new language.
    this.#sessionsChanged(actor.memberId);
    await this.#audit(actor.brandId, actor.memberId, 'profile.language_changed', origin, { language });
  }

  async avatarOf(actor: Actor): Promise<PlayerAvatar> {
    const { avatarId } = await this.#profile(actor);
    return {
      avatarId,
      avatarUrl: avatarId === null ? null : avatarUrlOf(avatarId),
      options: AVATAR_IDS.map((avatarId) => ({ avatarId, url: avatarUrlOf(avatarId) })),
    };
  }

  async setAvatar(actor: Actor, avatarId: number, origin: RequestOrigin): Promise<void> {
    if (!isAvatarId(avatarId)) {
      throw new AppError('avatar_not_found', { message: `no avatar ${avatarId}` });
    }
    await this.#uow.run(({ members }) => members.setAvatar(actor.memberId, avatarId));
    await this.#audit(actor.brandId, actor.memberId, 'profile.avatar_changed', origin, { avatarId });
  }
}
