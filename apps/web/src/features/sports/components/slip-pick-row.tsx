import { ActionIcon, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { amountProblemText, moneyText } from '../../../lib/money/money.ts';
import { useOddsFormat } from '../hooks/use-odds-format.ts';
import type { SlipLineTotals, SlipPick } from '../utils/slip-maths.ts';
import { marketTitle, nameIn } from '../utils/sports-text.ts';

type SlipPickRowProps = {
  pick: SlipPick;
  /** Singles: the line's stake input and return; accumulators show the picks only. */
  stake?: { text: string; totals: SlipLineTotals | undefined; onChange: (text: string) => void };
  symbol: string;
  onRemove: () => void;
};

/** One pick on the slip: event, market, selection and its price (old → new when it moved), stake for singles. */
export function SlipPickRow({ pick, stake, symbol, onRemove }: SlipPickRowProps) {
  const { t, i18n } = useTranslation('sports');
  const { odds } = useOddsFormat();
  const language = i18n.language;
  const selection = nameIn(pick.selectionName, language);
  const moved = pick.previousOddsMilli !== null && pick.previousOddsMilli !== pick.oddsMilli;
  const problem = stake?.totals?.stake && !stake.totals.stake.ok ? stake.totals.stake.problem : null;
  return (
    <Stack gap={4} data-testid={`sports-pick-${pick.selectionId}`} data-open={pick.open}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} fz="sm">
            {selection}
          </Text>
          <Text fz="xs" c="dimmed">
            {marketTitle(t, { type: pick.marketType as never, param: pick.param, lineMilli: pick.lineMilli })}
          </Text>
          <Text fz="xs" c="dimmed">
            {nameIn(pick.home, language)} {t('event.vs')} {nameIn(pick.away, language)}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} fz="sm" data-testid="sports-pick-odds" aria-live="polite">
            {moved && pick.previousOddsMilli !== null ? (
              <>
                <Text span td="line-through" c="dimmed" fz="xs">
                  {odds(pick.previousOddsMilli)}
                </Text>{' '}
                <span aria-hidden="true">→ </span>
                <VisuallyHidden component="span">{t('slip.nowAt')} </VisuallyHidden>
              </>
            ) : null}
            {pick.open ? odds(pick.oddsMilli) : t('odds.suspended')}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onRemove}
            aria-label={t('slip.remove', { selection })}
            data-testid="sports-pick-remove"
          >
            <span aria-hidden="true">×</span>
          </ActionIcon>
        </Group>
      </Group>
      {stake ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            label={t('slip.stake')}
            value={stake.text}
            onChange={(event) => stake.onChange(event.currentTarget.value)}
            inputMode="decimal"
            leftSection={<span aria-hidden="true">{symbol}</span>}
            error={problem ? amountProblemText(t, problem, symbol) : undefined}
            data-testid="sports-pick-stake"
          />
          <Text fz="xs" mt={26} data-testid="sports-pick-return">
            {t('slip.returns', { amount: moneyText(stake.totals?.returnMinor ?? 0n, symbol) })}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
