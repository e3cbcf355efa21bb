import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';

type PanelProps = {
  /** The heading's id, which names the section for a screen reader. */
  id: string;
  title: string;
  testId: string;
  /** The last move's refusal (an error code the browser translates), shown under the moves. */
  errorCode: string | null;
  children: ReactNode;
  /** Outside the stack: the dialogs a move opens. */
  dialogs?: ReactNode;
};

/** The seated player's panel at either kind of table: its heading, their hand and moves, and a refusal. */
export function PvpPanel({ id, title, testId, errorCode, children, dialogs }: PanelProps) {
  const { t } = useTranslation('pvp');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
        {errorCode ? (
          <Alert color="red" variant="light" role="alert" data-testid="pvp-action-error">
            {t(`errors:${errorCode}`)}
          </Alert>
        ) : null}
      </Stack>
      {dialogs}
    </Paper>
  );
}

/** What a watcher sees where a player's moves would be. */
export function PvpNotSeated() {
  const { t } = useTranslation('pvp');
  return (
    <Text size="sm" c="dimmed" data-testid="pvp-watching">
      {t('table.notSeated')}
    </Text>
  );
}
