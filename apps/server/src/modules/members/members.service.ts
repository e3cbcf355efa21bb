import { AGENT_TYPES, type MemberInfo, NOT_REAL_MEMBER_TYPE } from '@lotus/shared/auth.schema';
import { AVATAR_IDS, avatarUrlOf, isAvatarId, type PlayerAvatar } from '@lotus/shared/password.schema';
import type { MemberRow, SessionRow } from '../../db/tables/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskMobile } from '../../lib/notify/mask.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { MembersRepository } from './members.repository.ts';

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
  readonly #repository: MembersRepository;
  readonly #languagesOf: SupportedLanguagesOf;
  readonly #audit: AuditFn;

  constructor(repository: MembersRepository, languagesOf: SupportedLanguagesOf, audit: AuditFn) {
    this.#repository = repository;
    this.#languagesOf = languagesOf;
    this.#audit = audit;
  }

  memberInfo(member: MemberRow, session: SessionRow): MemberInfo {
    return {
      id: member.id.toString(),
      account: member.username,
      nickname: member.nickname,
      type: member.member_type,
      // Transfers to the upline move real money: trial and type-4 accounts never offer it.
      toUpline: member.upline_id !== null && !member.is_trial && member.member_type !== NOT_REAL_MEMBER_TYPE,
      clubLabel: { labelName: member.club_label_name, rankLevel: member.rank_level },
      memberLabel: member.member_labels.map((labelName) => ({ labelName })),
      isAgent: AGENT_TYPES.includes(member.member_type),
      isTrial: member.is_trial,
      firstTimeLogin: session.is_first_login,
      avatarUrl: member.avatar_id === null ? null : avatarUrlOf(member.avatar_id),
      language: member.language,
      mobileNum: maskMobile(member.mobile_num),
      hasEmail: member.email !== null && member.email !== '',
      passwordChangeRequired: session.password_change_required,
    };
  }

  /** Only a language the member's brand offers; anything else is `invalid_request`. */
  async setLanguage(member: MemberRow, language: string, origin: RequestOrigin): Promise<void> {
    const supported = await this.#languagesOf(member.brand_id);
    if (!supported.includes(language)) {
      throw new AppError('invalid_request', {
        message: `language ${language} is not supported by the brand`,
        details: { issues: [{ path: 'language', code: 'unsupported_language' }] },
      });
    }
    await this.#repository.setLanguage(member.id, language);
    await this.#audit(member.brand_id, member.id, 'profile.language_changed', origin, { language });
  }

  avatarOf(member: MemberRow): PlayerAvatar {
    return {
      avatarId: member.avatar_id,
      avatarUrl: member.avatar_id === null ? null : avatarUrlOf(member.avatar_id),
      options: AVATAR_IDS.map((avatarId) => ({ avatarId, url: avatarUrlOf(avatarId) })),
    };
  }

  async setAvatar(member: MemberRow, avatarId: number, origin: RequestOrigin): Promise<void> {
    if (!isAvatarId(avatarId)) {
      throw new AppError('avatar_not_found', { message: `no avatar ${avatarId}` });
    }
    await this.#repository.setAvatar(member.id, avatarId);
    await this.#audit(member.brand_id, member.id, 'profile.avatar_changed', origin, { avatarId });
  }
}
