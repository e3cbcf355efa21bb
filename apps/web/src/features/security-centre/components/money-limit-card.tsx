import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatLongDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import type { LimitSlot } from '../utils/play-limits.ts';

type MoneyLimitCardProps = {
  slot: LimitSlot;
  symbol: string;
  busy: boolean;
  onEdit: () => void;
  onCancelPending: () => void;
};

/** Share of the limit used, 0–100, for the bar (BigInt all the way: no float of a money amount). */
function usedPercent(usedMinor: string, amountMinor: string): number {
  const amount = BigInt(amountMinor);
  if (amount <= 0n) return 100;
  const percent = (BigInt(usedMinor) * 100n) / amount;
  return Number(percent > 100n ? 100n : percent);
}

/**
 * One limit for one period (issue 17): the limit in force, what this period has used and what is left, when
 * the period starts again, and a change waiting to apply with its time and a Cancel.
 */
export function MoneyLimitCard({ slot, symbol, busy, onEdit, onCancelPending }: MoneyLimitCardProps) {
  const { t, i18n } = useTranslation('protection');
  const { kind, period, view } = slot;
  const time = (iso: string) => formatLongDateTime(iso, i18n.language);
  const money = (minor: string) => moneyText(minor, symbol);
  const name = `${t(`kind.${kind}`)} · ${t(`period.${period}`)}`;
  const amountMinor = view?.amountMinor ?? null;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={`limit-${kind}-${period}`}
      aria-label={name}
      component="article"
    >
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t(`period.${period}`)}
        </Text>
        {view && amountMinor !== null ? (
          <>
            <Text fw={700} fz="lg" data-testid={`limit-${kind}-${period}-amount`}>
              {money(amountMinor)}
            </Text>
            <UsedBar
              percent={usedPercent(view.usedMinor, amountMinor)}
              full={view.remainingMinor === '0'}
              label={t('limits.usedOf', { used: money(view.usedMinor), limit: money(amountMinor) })}
            />
            <Text size="sm" data-testid={`limit-${kind}-${period}-used`}>
              {t('limits.usedLeft', { used: money(view.usedMinor), left: money(view.remainingMinor ?? '0') })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('limits.resets', { time: time(view.periodEndsAt) })}
            </Text>
          </>
        ) : (
          <Text c="dimmed" size="sm" data-testid={`limit-${kind}-${period}-none`}>
            {t('limits.none')}
          </Text>
        )}
        {view?.pending ? (
          <Paper
            bg="var(--mantine-color-default-hover)"
            p={6}
            radius="sm"
            data-testid={`limit-${kind}-${period}-pending`}
          >
            <Text size="xs">
              {view.pending.amountMinor === null
                ? t('limits.pendingRemove', { time: time(view.pending.effectiveAt) })
                : t('limits.pending', {
                    amount: money(view.pending.amountMinor),
                    time: time(view.pending.effectiveAt),
                  })}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              mt={4}
              onClick={onCancelPending}
              disabled={busy}
              aria-label={t('limits.cancelPendingOf', { limit: name })}
              data-testid={`limit-${kind}-${period}-cancel`}
            >
              {t('limits.cancelPending')}
            </Button>
          </Paper>
        ) : null}
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={onEdit}
            disabled={busy}
            aria-label={`${amountMinor === null ? t('limits.set') : t('limits.change')}: ${name}`}
            data-testid={`limit-${kind}-${period}-edit`}
          >
            {amountMinor === null ? t('limits.set') : t('limits.change')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** How much of the limit is used: a plain bar (Mantine's Progress would add its CSS to every page). */
function UsedBar({ percent, full, label }: { percent: number; full: boolean; label: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      h={8}
      bg="var(--mantine-color-default-border)"
      style={{ borderRadius: 4, overflow: 'hidden' }}
    >
      <Box
        h="100%"
        w={`${percent}%`}
        bg={full ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-teal-6)'}
      />
    </Box>
  );
}
