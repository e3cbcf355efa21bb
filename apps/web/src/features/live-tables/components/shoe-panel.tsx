import type { LiveShoe, LiveTableKind } from '@lotus/shared/live.schema';
import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/**
 * The shoe (or seed run) the round comes from: its number, the commitment published before its first round
 * (sha256 of the seed, revealed when the shoe ends: the verify links check it), and the cards dealt so far.
 */
export function ShoePanel({ shoe, kind }: { shoe: LiveShoe; kind: LiveTableKind }) {
  const { t } = useTranslation('liveTables');
  const cards = kind !== 'roulette' && kind !== 'sic-bo';
  return (
    <Stack gap={4} data-testid="live-shoe">
      <Text fw={700} size="sm">
        {t(cards ? 'shoe.title' : 'shoe.seedTitle', { n: shoe.shoeNo })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('shoe.commitment')}
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }} data-testid="live-commitment">
        {shoe.commitment}
      </Code>
      {cards && shoe.cardsTotal > 0 ? (
        <Text size="xs" c="dimmed">
          {t('shoe.cards', { dealt: shoe.cardsDealt, total: shoe.cardsTotal })}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('shoe.note')}
      </Text>
    </Stack>
  );
}
