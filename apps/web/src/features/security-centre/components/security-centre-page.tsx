import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { openAuthModal } from '../../auth/state/auth-modal-store.ts';
import { PaymentPasswordSection } from './payment-password-section.tsx';
import { PayoutAccountsSection } from './payout-accounts-section.tsx';

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

export function SecuritySection({
  id,
  title,
  description,
  badge,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={`${id}-title`}>
            {title}
          </Title>
          {badge}
        </Group>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}

export function StateBadge({ on, onLabel, offLabel }: { on: boolean; onLabel: string; offLabel: string }) {
  return (
    <Badge color={on ? 'green' : 'gray'} variant="light">
      {on ? onLabel : offLabel}
    </Badge>
  );
}
