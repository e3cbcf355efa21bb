/**
 * The member as the profile screens show it (member info, avatar, rank): the members module's own type,
 * read by MembersRepository.findProfile. No secret is part of it.
 */
export type MemberProfile = {
  id: bigint;
  brandId: bigint;
  username: string;
  nickname: string | null;
  memberType: number;
  isTrial: boolean;
  uplineId: bigint | null;
  rankLevel: number;
  clubLabelName: string | null;
  memberLabels: readonly string[];
  avatarId: number | null;
  language: string | null;
  mobileNum: string | null;
  email: string | null;
};
