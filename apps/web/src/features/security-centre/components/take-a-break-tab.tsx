import { Alert, Button, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { HelpLinks } from '../../../components/ui/help-links.tsx';
import { formatLongDateTime } from '../../../lib/date-time.ts';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useProtectionState } from '../../../lib/protection/protection-api.ts';
import {
  COOL_OFF_DURATION_LIST,
  SELF_EXCLUSION_DURATION_LIST,
} from '../../../lib/protection/protection-constants.ts';
import { useEndSessionLocally } from '../../../lib/session/use-session.ts';
import { takeExclusion } from '../api/protection-changes.ts';
import { type ExclusionChoice, exclusionEnd } from '../utils/play-limits.ts';
import { SecuritySection } from './security-section.tsx';

/**
 * Security centre → "Take a break" (issue 17): a break (cool-off) of 24 hours to 6 weeks, or self-exclusion
 * for 6 months to 5 years. Both start at once and cannot be undone early, so the confirm dialog says the
 * end date and that in plain words; on success the server has ended every session and the player is
 * signed out here and told the end date. The brand's help organisations are listed below.
 */
export function TakeABreakTab() {
  const { t } = useTranslation('protection');
  const state = useProtectionState();
  const [choosing, setChoosing] = useState<ExclusionChoice | null>(null);
  return (
    <Stack gap="lg" data-testid="take-a-break">
      <ExclusionSection
        kind="cool_off"
        durations={COOL_OFF_DURATION_LIST}
        onChoose={(duration) => setChoosing({ kind: 'cool_off', duration } as ExclusionChoice)}
      />
      <ExclusionSection
        kind="self_exclusion"
        durations={SELF_EXCLUSION_DURATION_LIST}
        onChoose={(duration) => setChoosing({ kind: 'self_exclusion', duration } as ExclusionChoice)}
      />
      <HelpLinks
        links={state.data?.helpLinks ?? []}
        title={t('help.title')}
        description={t('help.description')}
        emptyText={state.isPending ? t('loading') : t('help.none')}
        newTabLabel={t('help.newTab')}
      />
      <ExclusionConfirmDialog choice={choosing} onClose={() => setChoosing(null)} />
    </Stack>
  );
}

function ExclusionSection({
  kind,
  durations,
  onChoose,
}: {
  kind: ExclusionChoice['kind'];
  durations: readonly string[];
  onChoose: (duration: string) => void;
}) {
  const { t } = useTranslation('protection');
  const [duration, setDuration] = useState(durations[0] ?? '');
  return (
    <SecuritySection
      id={`break-${kind}`}
      title={t(`break.${kind}.title`)}
      description={t(`break.${kind}.description`)}
    >
      <Radio.Group label={t('break.lengthLabel')} value={duration} onChange={setDuration}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
          {durations.map((value) => (
            <Radio
              key={value}
              value={value}
              label={t(`break.duration.${value}`)}
              data-testid={`break-${kind}-${value}`}
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Group>
        <Button
          color={kind === 'self_exclusion' ? 'red' : undefined}
          variant="light"
          onClick={() => onChoose(duration)}
          data-testid={`break-${kind}-start`}
        >
          {t(`break.${kind}.start`)}
        </Button>
      </Group>
    </SecuritySection>
  );
}

function ExclusionConfirmDialog({
  choice,
  onClose,
}: {
  choice: ExclusionChoice | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('protection');
  const endLocally = useEndSessionLocally();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The end is worked out when the dialog opens; the server's own end date is what the player is told after.
  const [shown, setShown] = useState<{ choice: ExclusionChoice; endsAt: string } | null>(null);
  if (choice && shown?.choice !== choice)
    setShown({ choice, endsAt: exclusionEnd(choice, new Date()).toISOString() });

  const confirm = async () => {
    if (!shown || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await takeExclusion({ ...shown.choice, confirm: true });
      await endLocally({ code: 'exclusion', exclusion: result.kind, endsAt: result.endsAt });
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  const kind = shown?.choice.kind ?? 'cool_off';
  return (
    <AppModal
      opened={choice !== null}
      onClose={
        busy
          ? () => undefined
          : () => {
              setFailure(null);
              onClose();
            }
      }
      title={t(`break.${kind}.confirmTitle`)}
      testId="break-confirm"
    >
      <Stack gap="sm">
        <Text fw={600} data-testid="break-confirm-end">
          {shown
            ? t(`break.${kind}.endsOn`, {
                duration: t(`break.duration.${shown.choice.duration}`),
                date: formatLongDateTime(shown.endsAt, i18n.language),
              })
            : ''}
        </Text>
        <Text size="sm">{t('break.cannotUndo')}</Text>
        <Text size="sm">{t('break.whatHappens')}</Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="break-confirm-error">
            {messageForApiError(t, failure)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => void confirm()}
            data-testid="break-confirm-submit"
          >
            {t(`break.${kind}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
