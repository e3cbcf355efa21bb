export type ShareAction = 'login' | 'agentRegistration' | 'memberReferral' | 'activityComing';

export type ShareContext = {
  loggedIn: boolean;
  /** The session's isAgent flag (SPEC §3 session values). */
  isAgent: boolean;
  /** The brand runs the member referral promotion. */
  referralEnabled: boolean;
};

/**
 * SPEC §2 side bar "Share": a visitor gets the login modal; an agent opens the agent registration centre;
 * a player with the referral promotion enabled opens the member referral page; otherwise the message
 * activity_coming (SPEC §8 "Referral disabled").
 */
export function shareAction({ loggedIn, isAgent, referralEnabled }: ShareContext): ShareAction {
  if (!loggedIn) return 'login';
  if (isAgent) return 'agentRegistration';
  return referralEnabled ? 'memberReferral' : 'activityComing';
}
