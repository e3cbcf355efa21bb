/** Member-centre pages the wallet links to (SPEC §2 member centre, `/member/:page`). */
export const MEMBER_PATHS = {
  deposit: '/member/depositv2',
  securityCentre: '/member/securityCenter',
  transferFund: '/member/transferFund',
} as const;
