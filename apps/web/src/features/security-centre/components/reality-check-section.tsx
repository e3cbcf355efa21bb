import type { ProtectionState, RealityCheckMinutes } from '@lotus/shared/player-protection.schema';
import { Alert, SegmentedControl, Stack } from '@mantine/core';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { REALITY_CHECK_MINUTE_LIST } from '../../../lib/protection/protection-constants.ts';
import { setRealityCheck } from '../api/protection-changes.ts';
import { useProtectionAction } from '../hooks/use-protection-action.ts';
import { SecuritySection } from './security-section.tsx';

/** How often the reality check shows while a game is open (issue 17): 15, 30 or 60 minutes. */
export function RealityCheckSection({ state }: { state: ProtectionState }) {
  const { t } = useTranslation('protection');
  const action = useProtectionAction();
  return (
    <SecuritySection id="limits-reality" title={t('reality.title')} description={t('reality.description')}>
      <Stack gap="xs">
        <SegmentedControl
          aria-label={t('reality.label')}
          value={String(state.realityCheckMinutes)}
          disabled={action.busy}
          onChange={(value) => {
            const minutes = Number(value) as RealityCheckMinutes;
            void action.run(async () => {
              await setRealityCheck(minutes);
              return t('reality.saved', { minutes });
            });
          }}
          data={REALITY_CHECK_MINUTE_LIST.map((minutes) => ({
            value: String(minutes),
            label: t('reality.every', { minutes }),
          }))}
          data-testid="reality-check-interval"
          style={{ alignSelf: 'flex-start' }}
        />
        {action.failure ? (
          <Alert color="red" variant="light" role="alert">
            {action.failure}
          </Alert>
        ) : null}
        <DoneNotice text={action.notice} testId="reality-check-done" />
      </Stack>
    </SecuritySection>
  );
}
