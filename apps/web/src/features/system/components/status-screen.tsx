import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { LotusMark } from '../../../components/ui/lotus-mark.tsx';

type StatusScreenProps = {
  testId: string;
  icon: ReactNode;
  title: string;
  message: ReactNode;
  /** Controls composed by the app (language, theme) so the visitor can still read the page in their language. */
  toolbar?: ReactNode;
  children?: ReactNode;
};

/** The full-screen card shared by the maintenance, region-blocked and start-error states (no site chrome). */
export function StatusScreen({ testId, icon, title, message, toolbar, children }: StatusScreenProps) {
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <Center component="main" mih="100dvh" p="md" data-testid={testId}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={520} w="100%">
        <Stack align="center" gap="md" ta="center">
          {toolbar ? (
            <Stack align="flex-end" w="100%">
              {toolbar}
            </Stack>
          ) : null}
          <LotusMark size={48} />
          <ThemeIcon size={56} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          <Text c="dimmed">{message}</Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
