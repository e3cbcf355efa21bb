import { AGENT_TYPES, type MemberInfo } from '@lotus/shared/auth.schema';
import type { MemberRow, SessionRow } from '../../db/tables/accounts.ts';

/** Member info (SPEC §3) of the session's member. */
export class MembersService {
  memberInfo(member: MemberRow, session: SessionRow): MemberInfo {
    return {
      id: member.id.toString(),
      account: member.username,
      nickname: member.nickname,
      type: member.member_type,
      toUpline: member.upline_id !== null,
      clubLabel: { labelName: member.club_label_name, rankLevel: member.rank_level },
      memberLabel: member.member_labels.map((labelName) => ({ labelName })),
      isAgent: AGENT_TYPES.includes(member.member_type),
      isTrial: member.is_trial,
      firstTimeLogin: session.is_first_login,
    };
  }
}
