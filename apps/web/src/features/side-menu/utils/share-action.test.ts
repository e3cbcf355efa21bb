import { describe, expect, it } from 'vitest';
import { shareAction } from './share-action.ts';

describe('shareAction', () => {
  it('asks a visitor to log in, whatever else is set', () => {
    expect(shareAction({ loggedIn: false, isAgent: false, referralEnabled: false })).toBe('login');
    expect(shareAction({ loggedIn: false, isAgent: true, referralEnabled: true })).toBe('login');
  });

  it('opens the agent registration centre for an agent, referral or not', () => {
    expect(shareAction({ loggedIn: true, isAgent: true, referralEnabled: false })).toBe('agentRegistration');
    expect(shareAction({ loggedIn: true, isAgent: true, referralEnabled: true })).toBe('agentRegistration');
  });

  it('opens the member referral page for a player when the referral promotion is on', () => {
    expect(shareAction({ loggedIn: true, isAgent: false, referralEnabled: true })).toBe('memberReferral');
  });

  it('says the activity is coming for a player without the referral promotion', () => {
    expect(shareAction({ loggedIn: true, isAgent: false, referralEnabled: false })).toBe('activityComing');
  });
});
