import type { ProtectionState } from '@lotus/shared/player-protection.schema';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { formatLongDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { storeProtectionState } from '../../../lib/protection/protection-api.ts';
import { cancelPendingLimit, setSessionLimit } from '../api/protection-changes.ts';
import { useProtectionAction } from '../hooks/use-protection-action.ts';
import { checkSessionMinutes } from '../utils/play-limits.ts';
import { LimitDialog } from './limit-dialog.tsx';
import { SecuritySection } from './security-section.tsx';

/**
 * The session time limit (issue 17): minutes per login session; when they run out the server ends the
 * session (the player is told why, lib/protection/use-session-limit-guard.ts). Same 24-hour rule as money.
 */
export function SessionLimitSection({ state }: { state: ProtectionState }) {
  const { t, i18n } = useTranslation('protection');
  const queryClient = useQueryClient();
  const action = useProtectionAction();
  const [editing, setEditing] = useState(false);
  const [minutes, setMinutes] = useState('');
  const [problem, setProblem] = useState<'required' | 'invalid' | null>(null);
  const limit = state.sessionLimit;
  const current = limit?.minutes ?? null;
  const pending = limit?.pending ?? null;
  const time = (iso: string) => formatLongDateTime(iso, i18n.language);

  const save = async (value: string | null) => {
    if (value !== null) {
      const found = checkSessionMinutes(value);
      setProblem(found);
      if (found) return;
    }
    const done = await action.run(async () => {
      const result = await setSessionLimit(value === null ? null : Number(value.trim()));
      storeProtectionState(queryClient, result.state);
      return result.applies === 'now'
        ? t('limits.appliedNow')
        : t('limits.appliesAt', { time: time(result.effectiveAt) });
    });
    if (done) setEditing(false);
  };

  const typed = checkSessionMinutes(minutes) === null ? Number(minutes.trim()) : null;
  const effect =
    typed === null
      ? null
      : current === null || typed < current
        ? t('limits.effectNow')
        : t('limits.effectLater');

  return (
    <SecuritySection id="limits-session" title={t('session.title')} description={t('session.description')}>
      <Stack gap="xs">
        <Text fw={600} data-testid="session-limit-current">
          {current === null ? t('session.none') : t('session.current', { minutes: current })}
        </Text>
        {pending ? (
          <Group gap="xs" data-testid="session-limit-pending">
            <Text size="sm">
              {pending.minutes === null
                ? t('limits.pendingRemove', { time: time(pending.effectiveAt) })
                : t('session.pending', { minutes: pending.minutes, time: time(pending.effectiveAt) })}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={action.busy}
              onClick={() =>
                void action.run(async () => {
                  await cancelPendingLimit({ kind: 'session', period: 'session' });
                  return t('limits.cancelled');
                })
              }
              aria-label={t('limits.cancelPendingOf', { limit: t('session.title') })}
              data-testid="session-limit-cancel"
            >
              {t('limits.cancelPending')}
            </Button>
          </Group>
        ) : null}
        <Group>
          <Button
            size="xs"
            variant="light"
            disabled={action.busy}
            onClick={() => {
              action.clearFailure();
              setMinutes(current === null ? '' : String(current));
              setProblem(null);
              setEditing(true);
            }}
            data-testid="session-limit-edit"
          >
            {current === null ? t('limits.set') : t('limits.change')}
          </Button>
        </Group>
        {!editing && action.failure ? (
          <Alert color="red" variant="light" role="alert">
            {action.failure}
          </Alert>
        ) : null}
        <DoneNotice text={action.notice} testId="session-limit-done" />
      </Stack>
      <LimitDialog
        opened={editing}
        title={t('session.title')}
        field={
          <TextInput
            label={t('session.minutes')}
            description={t('session.rule')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            required
            value={minutes}
            onChange={(event) => {
              setMinutes(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem ? t(`session.problem.${problem}`) : null}
            data-autofocus
            data-testid="session-limit-minutes"
          />
        }
        effect={effect}
        busy={action.busy}
        failure={editing ? action.failure : null}
        onSave={() => void save(minutes)}
        onRemove={current !== null && pending?.minutes !== null ? () => void save(null) : undefined}
        onClose={() => setEditing(false)}
        testId="session-limit-dialog"
      />
    </SecuritySection>
  );
}
