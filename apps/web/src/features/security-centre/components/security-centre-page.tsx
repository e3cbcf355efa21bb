import { Button, Group, Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { PaymentPasswordSection } from './payment-password-section.tsx';
import { PayoutAccountsSection } from './payout-accounts-section.tsx';
import { PlayLimitsTab } from './play-limits-tab.tsx';
import { SecuritySection } from './security-section.tsx';
import { TakeABreakTab } from './take-a-break-tab.tsx';

/** The centre's tabs, in the address (`?tab=limits`) so the member centre and a reality check can link to one. */
export const SECURITY_TABS = ['account', 'limits', 'break'] as const;
export type SecurityTab = (typeof SECURITY_TABS)[number];

function tabOf(value: string | null): SecurityTab {
  return SECURITY_TABS.includes(value as SecurityTab) ? (value as SecurityTab) : 'account';
}

/**
 * SPEC §2 member centre "my account (securityCenter)": the login password (the site's change-password
 * dialog), the payment password that guards withdrawals and transfers, and the payout accounts; and the
 * player's own protection (issue 17): play limits and the reality check, and taking a break.
 */
export function SecurityCentrePage({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation('security');
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
    <Tabs
      value={tab}
      onChange={(next) =>
        setParams(next === 'account' || next === null ? {} : { tab: next }, { replace: true })
      }
      keepMounted={false}
      data-testid="security-centre-page"
    >
      <Tabs.List aria-label={t('protection:tabs.label')} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {SECURITY_TABS.map((value) => (
          <Tabs.Tab key={value} value={value} data-testid={`security-tab-${value}`}>
            {t(`protection:tabs.${value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="account" pt="md">
        <Stack gap="lg">
          <SecuritySection id="security-login" title={t('login.title')} description={t('login.description')}>
            <Group>
              <Button
                variant="light"
                onClick={() => openAuthModal({ kind: 'changePassword', forced: false })}
                data-testid="security-change-login-password"
              >
                {t('login.change')}
              </Button>
            </Group>
          </SecuritySection>
          <PaymentPasswordSection />
          <PayoutAccountsSection />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="limits" pt="md">
        <PlayLimitsTab currencySymbol={currencySymbol} />
      </Tabs.Panel>
      <Tabs.Panel value="break" pt="md">
        <TakeABreakTab />
      </Tabs.Panel>
    </Tabs>
  );
}
