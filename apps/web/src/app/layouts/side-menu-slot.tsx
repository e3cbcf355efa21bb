import type { Permission } from '@lotus/shared/system.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppModal } from '../../components/ui/app-modal.tsx';
import { CustomerServiceDialog } from '../../features/customer-service/components/customer-service-dialog.tsx';
import { useOpenCustomerService } from '../../features/customer-service/hooks/use-open-customer-service.ts';
import { customerServiceLine } from '../../features/customer-service/utils/customer-service-line.ts';
import { SideMenu } from '../../features/side-menu/components/side-menu.tsx';
import { shareAction } from '../../features/side-menu/utils/share-action.ts';

type SideMenuSlotProps = {
  permission: Permission;
  loggedIn: boolean;
};

/**
 * The right side bar with what its buttons do, composed here from separate features: customer service
 * (the line depends on the member's rank) and share (depends on who asks, SPEC §2).
 *
 * Member data (rank level, agent flag, the referral promotion) arrives with the accounts issue. Until a
 * session can be read, the rank is unknown (live chat), nobody is an agent and referral is off.
 */
export function SideMenuSlot({ permission, loggedIn }: SideMenuSlotProps) {
  const { t } = useTranslation(['errors', 'chrome']);
  const navigate = useNavigate();
  const customerService = useOpenCustomerService();
  const [message, setMessage] = useState<string | null>(null);
  const rankLevel: number | null = null;

  const share = () => {
    switch (shareAction({ loggedIn, isAgent: false, referralEnabled: false })) {
      case 'login':
        // The login pop-up arrives with the accounts issue; the login page stands in for it.
        navigate('/login');
        return;
      case 'agentRegistration':
        // /join is where agents (affiliates) register.
        navigate('/join');
        return;
      case 'memberReferral':
      case 'activityComing':
        // The member referral page arrives with the member centre; until then referral counts as off.
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
      <AppModal
        opened={message !== null}
        onClose={() => setMessage(null)}
        title={t('chrome:sideMenu.share')}
        testId="side-menu-message"
      >
        {message ? t(message) : null}
      </AppModal>
    </>
  );
}
