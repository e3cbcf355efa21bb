import type { SlotTitle } from '@lotus/games/types';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { money } from '../utils/money.ts';
import { symbolGlyph } from '../utils/slot-reels.ts';

type SlotPaytableProps = { title: SlotTitle; betMinor: string; currencySymbol: string };

/**
 * The title's rules and pays, read from the same SlotTitle the engine plays: line pays in money for the
 * chosen bet (pay × line bet), scatter pays × the total bet, free spins and the declared RTP.
 */
export function SlotPaytable({ title, betMinor, currencySymbol }: SlotPaytableProps) {
  const { t, i18n } = useTranslation('originals');
  const lineBet = BigInt(betMinor) / BigInt(title.paylines.length);
  const counts = Array.from({ length: title.reels.length - 2 }, (_, index) => index + 3);
  const kinds = new Map(title.symbols.map((s) => [s.id, s.kind] as const));
  const rtp = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 2 }).format(
    title.declaredRtp,
  );
  const scatter = title.symbols.find((s) => s.kind === 'scatter');

  return (
    <Stack gap="xs" data-testid="paytable">
      <Text size="sm">
        {t('paytable.summary', {
          reels: title.reels.length,
          rows: title.rows,
          lines: title.paylines.length,
          rtp,
        })}
      </Text>
      <Table.ScrollContainer minWidth={260}>
        <Table verticalSpacing={2} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('paytable.symbol')}</Table.Th>
              {counts.map((count) => (
                <Table.Th key={count}>{t('paytable.ofAKind', { n: count })}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(title.paytable).map(([id, pays]) => (
              <Table.Tr key={id}>
                <Table.Td>
                  <span aria-hidden="true">{symbolGlyph(id, kinds.get(id) ?? 'normal')}</span>{' '}
                  {t(`symbols.${id}`, { defaultValue: id })}
                </Table.Td>
                {counts.map((count, index) => (
                  <Table.Td key={count}>
                    {pays[index] ? money(lineBet * BigInt(pays[index]), currencySymbol) : '—'}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm">{t('paytable.wild')}</Text>
      {scatter ? (
        <Text size="sm">
          {t('paytable.scatter', {
            pays: title.scatterPays
              .map((pay, index) => `${index + 3}× → ${money(BigInt(betMinor) * BigInt(pay), currencySymbol)}`)
              .join(', '),
          })}
        </Text>
      ) : null}
      {title.freeSpins.trigger > 0 ? (
        <Text size="sm">
          {t(title.freeSpins.retrigger ? 'paytable.freeSpinsRetrigger' : 'paytable.freeSpins', {
            trigger: title.freeSpins.trigger,
            awarded: title.freeSpins.awarded,
            multiplier: title.freeSpins.multiplier,
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
