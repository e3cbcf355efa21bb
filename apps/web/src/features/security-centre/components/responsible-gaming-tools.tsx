import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { HelpLinks } from '../../../components/ui/help-links.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import {
  PROTECTION_PATHS,
  useProtectionState,
  useProtectionTexts,
} from '../../../lib/protection/protection-api.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';

/**
 * Under the brand's responsible-gaming text (issue 17): the player's own tools — play limits, a break or
 * self-exclusion, their activity — and the brand's help organisations, which the server gives a member.
 * A visitor sees where the tools are once logged in.
 */
export function ResponsibleGamingTools() {
  const ready = useProtectionTexts();
  const { t } = useTranslation('protection');
  const member = useSessionStore((state) => state.token !== null);
  const state = useProtectionState({ enabled: member });
  if (!ready) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mt="lg"
      component="section"
      aria-labelledby="rg-tools-title"
      data-testid="rg-tools"
    >
      <Stack gap="sm">
        <Text fw={700} id="rg-tools-title">
          {t('tools.title')}
        </Text>
        {member ? (
          <Group gap="md" wrap="wrap">
            <Anchor component={Link} to={PROTECTION_PATHS.limits} data-testid="rg-tools-limits">
              {t('tabs.limits')}
            </Anchor>
            <Anchor component={Link} to={PROTECTION_PATHS.takeABreak} data-testid="rg-tools-break">
              {t('tabs.break')}
            </Anchor>
            <Anchor component={Link} to={PROTECTION_PATHS.activity} data-testid="rg-tools-activity">
              {t('tools.activity')}
            </Anchor>
          </Group>
        ) : (
          <Text size="sm">{t('tools.visitor')}</Text>
        )}
        {member && state.data ? (
          <HelpLinks
            links={state.data.helpLinks}
            title={t('help.title')}
            description={t('help.description')}
            emptyText={t('help.none')}
            newTabLabel={t('help.newTab')}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
