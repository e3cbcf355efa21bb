import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

type LimitDialogProps = {
  opened: boolean;
  title: string;
  /** The field (amount or minutes) with its own error. */
  field: ReactNode;
  /** What saving this value will do: applies now, or in 24 hours. */
  effect: string | null;
  busy: boolean;
  failure: string | null;
  onSave: () => void;
  /** Offered when a limit is in force and no removal already waits. */
  onRemove?: (() => void) | undefined;
  onClose: () => void;
  testId: string;
};

/**
 * The dialog that sets, changes or removes one limit (issue 17). It says before saving what the change
 * will do — a lower limit applies now, a higher one or a removal in 24 hours — so nothing surprises.
 */
export function LimitDialog(props: LimitDialogProps) {
  const { t } = useTranslation('protection');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.busy) props.onSave();
  };
  return (
    <AppModal
      opened={props.opened}
      onClose={props.busy ? () => undefined : props.onClose}
      title={props.title}
      testId={props.testId}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {props.field}
          <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${props.testId}-effect`}>
            {props.effect ?? t('limits.rules')}
          </Text>
          {props.failure ? (
            <Alert color="red" variant="light" role="alert" data-testid={`${props.testId}-error`}>
              {props.failure}
            </Alert>
          ) : null}
          <Group justify="space-between" gap="xs">
            {props.onRemove ? (
              <Button
                variant="subtle"
                color="red"
                onClick={props.onRemove}
                disabled={props.busy}
                data-testid={`${props.testId}-remove`}
              >
                {t('limits.remove')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={props.onClose} disabled={props.busy}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={props.busy} data-testid={`${props.testId}-save`}>
                {t('limits.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
