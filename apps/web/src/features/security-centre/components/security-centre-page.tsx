import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { PaymentPasswordSection } from './payment-password-section.tsx';
import { PayoutAccountsSection } from './payout-accounts-section.tsx';
import { SecuritySection } from './security-section.tsx';

/**
 * SPEC §2 member centre "my account (securityCenter)": the login password (the site's change-password
 * dialog), the payment password that guards withdrawals and transfers, and the payout accounts.
 */
export function SecurityCentrePage(_props: { currencySymbol: string }) {
  const { t } = useTranslation('security');
  return (
    <Stack gap="lg" data-testid="security-centre-page">
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
  );
}
