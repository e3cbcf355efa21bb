import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { InboxIcon } from './icons.tsx';

type EmptyBlockProps = {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** Buttons or links offered from the empty state. */
  actions?: ReactNode;
  testId?: string;
};

/** The honest "nothing here yet" state: shown wherever real content has not arrived. */
export function EmptyBlock({ title, description, icon, actions, testId }: EmptyBlockProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid={testId ?? 'empty-state'}>
      <EmptyState
        variant="light"
        title={title}
        description={description}
        icon={icon ?? <InboxIcon size={28} />}
      >
        {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
      </EmptyState>
    </Paper>
  );
}
