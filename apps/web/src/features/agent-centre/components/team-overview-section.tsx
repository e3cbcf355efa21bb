import { Button, CopyButton, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { useTeamOverview } from '../api/get-team-overview.ts';
import { Figure } from './figure.tsx';
import { SectionError, SectionLoading } from './section-state.tsx';

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('agents');
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={value} readOnly flex={1} miw={0} data-testid={testId} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'filled' : 'default'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={t('overview.copyLabel', { what: label })}
            data-testid={`${testId}-copy`}
          >
            {copied ? t('overview.copied') : t('overview.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** Team overview: downline counts, new members this month, the direct downline's money, the invitation. */
export function TeamOverviewSection({ symbol }: { symbol: string }) {
  const { t } = useTranslation('agents');
  const overview = useTeamOverview();
  if (overview.isPending) return <SectionLoading testId="agent-overview-loading" />;
  if (overview.isError) {
    return (
      <SectionError
        message={messageForApiError(t, overview.error)}
        onRetry={() => void overview.refetch()}
        testId="agent-overview-error"
      />
    );
  }
  const data = overview.data;
  const link = data.registrationPath === null ? null : `${window.location.origin}${data.registrationPath}`;
  return (
    <Stack gap="md" data-testid="agent-overview">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label={t('overview.direct')} value={data.directCount} testId="agent-overview-direct" />
        <Figure label={t('overview.team')} value={data.teamCount} testId="agent-overview-team" />
        <Figure label={t('overview.agents')} value={data.agentCount} testId="agent-overview-agents" />
        <Figure label={t('overview.newThisMonth')} value={data.newThisMonth} testId="agent-overview-new" />
        <Figure
          label={t('overview.directBalance')}
          value={moneyText(data.directBalanceMinor, symbol)}
          testId="agent-overview-balance"
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('overview.note', { month: data.monthStart.slice(0, 7) })}
      </Text>
      {data.invitationCode !== null && link !== null ? (
        <Stack gap="sm">
          <CopyField label={t('overview.code')} value={data.invitationCode} testId="agent-invitation-code" />
          <CopyField label={t('overview.link')} value={link} testId="agent-invitation-link" />
        </Stack>
      ) : (
        <Text size="sm" data-testid="agent-invitation-none">
          {t('overview.noCode')}
        </Text>
      )}
    </Stack>
  );
}
