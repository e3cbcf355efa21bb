import { Center, Loader, Stack, Text } from '@mantine/core';
import { LotusMark } from './lotus-mark.tsx';

/**
 * Full-screen wait while the first requests run. `label` is the spoken and shown text; it is passed in
 * because this piece knows nothing about translation.
 */
export function BrandLoader({ label }: { label: string }) {
  return (
    <Center mih="100dvh" role="status" aria-busy="true" aria-live="polite" data-testid="app-loading">
      <Stack align="center" gap="sm">
        <LotusMark size={56} />
        <Loader type="dots" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
