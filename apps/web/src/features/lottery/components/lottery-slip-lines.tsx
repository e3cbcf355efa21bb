import { CloseButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { SlipLine } from '../hooks/use-bet-slip.ts';
import { lineText } from '../utils/slip-text.ts';

/** The slip's lines: bet type and selection, each with its remove button. */
export function LotterySlipLines({
  lines,
  onRemove,
}: {
  lines: readonly SlipLine[];
  onRemove: (line: SlipLine) => void;
}) {
  const { t } = useTranslation('lottery');
  if (lines.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('slip.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {lines.map((line) => {
        const name = lineText(t, line);
        return (
          <Group
            key={`${line.betType}:${line.selection}`}
            component="li"
            justify="space-between"
            wrap="nowrap"
            data-testid={`lottery-line-${line.betType}-${line.selection}`}
          >
            <Text fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <CloseButton
              size="sm"
              aria-label={t('slip.remove', { line: name })}
              onClick={() => onRemove(line)}
            />
          </Group>
        );
      })}
    </Stack>
  );
}
