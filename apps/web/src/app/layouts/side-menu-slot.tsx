import type { Permission } from '@lotus/shared/system.schema';
import { isFlagEnabled } from '@lotus/shared/whitelabel-flags';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyAppModal } from '../../components/ui/lazy-app-modal.tsx';
import { openAgentCentre } from '../../features/agent-centre/state/agent-centre-store.ts';
import { CustomerServiceDialog } from '../../features/customer-service/components/customer-service-dialog.tsx';
import { useOpenCustomerService } from '../../features/customer-service/hooks/use-open-customer-service.ts';
import { customerServiceLine } from '../../features/customer-service/utils/customer-service-line.ts';
import { SideMenu } from '../../features/side-menu/components/side-menu.tsx';
import { shareAction } from '../../features/side-menu/utils/share-action.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { openAuthModal } from '../../lib/session/auth-modal-store.ts';
import { useSession } from '../../lib/session/use-session.ts';

type SideMenuSlotProps = { permission: Permission };

/**
 * The right side bar with what its buttons do, composed here from separate features: customer service
 * (the line depends on the member's rank) and share (depends on who asks, SPEC §2).
 *
 * The member referral promotion runs where the brand's whitelabel flag REFERRAL3 is on (issue 19): Share
 * then opens the member centre's invite-friends page.
 */
export function SideMenuSlot({ permission }: SideMenuSlotProps) {
  const { t } = useTranslation(['errors', 'chrome']);
  const customerService = useOpenCustomerService();
  const [message, setMessage] = useState<string | null>(null);
  const { token, member, isAgent } = useSession();
  const navigate = useNavigate();
  const referralEnabled = isFlagEnabled(permission.whitelabel, 'REFERRAL3');
  // Unknown (a visitor, or member info still loading) means the live-chat line.
  const rankLevel = member?.clubLabel.rankLevel ?? null;

  const share = () => {
    switch (shareAction({ loggedIn: token !== null, isAgent, referralEnabled })) {
      case 'login':
        openAuthModal({ kind: 'login' });
        return;
      case 'agentRegistration':
        // SPEC §2: an agent's Share opens the agent centre on "register downline account".
        openAgentCentre('registerDownline');
        return;
      case 'memberReferral':
        // The literal path (lib/member-centre memberCentrePath('referral')): importing that module here
        // split it into a chunk of its own on every page.
        void navigate('/member/referral');
        return;
      case 'activityComing':
        setMessage('activity_coming');
        return;
    }
  };

  return (
    <>
      <SideMenu
        resources={permission.resources}
        onCustomerService={() => void customerService.open(customerServiceLine(rankLevel))}
        customerServiceBusy={customerService.state.status === 'opening'}
        onShare={share}
      />
      <CustomerServiceDialog state={customerService.state} onClose={customerService.dismiss} />
      <LazyAppModal
        opened={message !== null}
        onClose={() => setMessage(null)}
        title={t('chrome:sideMenu.share')}
        testId="side-menu-message"
      >
        {message ? t(message) : null}
      </LazyAppModal>
    </>
  );
}
