import { lazy } from 'react';
import type { MemberCentrePages } from '../../features/member-centre/components/member-centre.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

/**
 * The player-protection texts (issue 17) are a member namespace only the pages that show them wait for,
 * so the other pages of the centre never download them.
 */
const withProtectionTexts = <T,>(load: Promise<T>): Promise<T> =>
  Promise.all([load, loadNamespaces(['protection'])]).then(([module]) => module);

/** Personal P/L's texts (issue 19), a member namespace like the protection texts. */
const withLoyaltyTexts = <T,>(load: Promise<T>): Promise<T> =>
  Promise.all([load, loadNamespaces(['loyalty'])]).then(([module]) => module);
/** Missions and referral (issue 19) share one member namespace, loaded with either page. */
const withMissionTexts = <T,>(load: Promise<T>): Promise<T> =>
  Promise.all([load, loadNamespaces(['missions'])]).then(([module]) => module);

/**
 * The pages of the member centre (SPEC §2), each owned by its feature. The centre is a shell that shows
 * whichever page it is handed; the app composes them here so the member-centre feature imports none of them.
 * Each page is its own chunk, loaded when its entry opens.
 */
export const MEMBER_CENTRE_PAGES: MemberCentrePages = {
  securityCenter: lazy(() =>
    withProtectionTexts(import('../../features/security-centre/components/security-centre-page.tsx')).then(
      (m) => ({ default: m.SecurityCentrePage }),
    ),
  ),
  transferFund: lazy(() =>
    import('../../features/wallet/components/transfer-fund-page.tsx').then((m) => ({
      default: m.TransferFundPage,
    })),
  ),
  depositv2: lazy(() =>
    import('../../features/deposit/components/deposit-page.tsx').then((m) => ({ default: m.DepositPage })),
  ),
  withdraw: lazy(() =>
    import('../../features/withdrawal/components/withdraw-page.tsx').then((m) => ({
      default: m.WithdrawPage,
    })),
  ),
  transferUpline: lazy(() =>
    import('../../features/wallet/components/transfer-upline-page.tsx').then((m) => ({
      default: m.TransferUplinePage,
    })),
  ),
  personalHistoryCopy: lazy(() =>
    import('../../features/bet-records/components/bet-records-page.tsx').then((m) => ({
      default: m.BetRecordsPage,
    })),
  ),
  messageV2: lazy(() =>
    // Its own props (a page size for tests) are not the centre's: rendered as it is.
    import('../../features/messages/components/messages-page.tsx').then(({ MessagesPage }) => ({
      default: () => <MessagesPage />,
    })),
  ),
  bonusDetails: lazy(() =>
    // Issue 19: its texts are a member namespace of their own, downloaded with the page.
    Promise.all([
      import('../../features/bonus-details/components/bonus-details-page.tsx'),
      loadNamespaces(['bonuses']),
    ]).then(([m]) => ({ default: m.BonusDetailsPage })),
  ),
  rewardCenter: lazy(() =>
    import('../../features/rewards/components/reward-center-page.tsx').then((m) => ({
      default: m.RewardCenterPage,
    })),
  ),
  raffles: lazy(() =>
    Promise.all([
      import('../../features/raffles/components/raffles-page.tsx'),
      loadNamespaces(['raffles']),
    ]).then(([m]) => ({ default: m.RafflesPage })),
  ),
  referral: lazy(() =>
    withMissionTexts(import('../../features/referral/components/referral-page.tsx')).then((m) => ({
      default: m.ReferralPage,
    })),
  ),
  missionLeaderboard: lazy(() =>
    withMissionTexts(import('../../features/missions/components/missions-page.tsx')).then((m) => ({
      default: m.MissionsPage,
    })),
  ),
  myActivity: lazy(() =>
    withProtectionTexts(import('../../features/activity/components/my-activity-page.tsx')).then((m) => ({
      default: m.MyActivityPage,
    })),
  ),
  personalProfit: lazy(() =>
    // Its own props (a fixed "today" for tests) are not the centre's: rendered as it is.
    withLoyaltyTexts(import('../../features/personal-profit/components/personal-profit-page.tsx')).then(
      ({ PersonalProfitPage }) => ({ default: () => <PersonalProfitPage /> }),
    ),
  ),
  transactionHistory: lazy(() =>
    // Its own props (a fixed "today" for tests) are not the centre's: rendered as it is.
    import('../../features/wallet/components/transaction-history-page.tsx').then(
      ({ TransactionHistoryPage }) => ({
        default: () => <TransactionHistoryPage />,
      }),
    ),
  ),
};
