import type { ProtectionState } from '@lotus/shared/player-protection.schema';
import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LimitAmountField } from '../../../components/forms/limit-amount-field.tsx';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { formatLongDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import {
  setMoneyLimit,
  storeProtectionState,
  useProtectionState,
} from '../../../lib/protection/protection-api.ts';
import { MONEY_LIMIT_KIND_LIST } from '../../../lib/protection/protection-constants.ts';
import { cancelPendingLimit } from '../api/protection-changes.ts';
import { useProtectionAction } from '../hooks/use-protection-action.ts';
import { appliesAtOnce, checkLimitAmount, type LimitSlot, limitSlots } from '../utils/play-limits.ts';
import { LimitDialog } from './limit-dialog.tsx';
import { MoneyLimitCard } from './money-limit-card.tsx';
import { RealityCheckSection } from './reality-check-section.tsx';
import { SecuritySection } from './security-section.tsx';
import { SessionLimitSection } from './session-limit-section.tsx';

/**
 * Security centre → "Play limits" (issue 17): deposit, loss and wager limits per day, week and month, the
 * session time limit and the reality-check interval. The server applies the rules; this page says them
 * plainly and shows what is in force, used, left and waiting.
 */
export function PlayLimitsTab({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation('protection');
  const state = useProtectionState();
  if (state.isPending) return <LoadingRows rows={4} height={72} testId="play-limits-loading" />;
  if (state.isError)
    return <LoadFailed error={state.error} onRetry={() => void state.refetch()} testId="play-limits-error" />;
  const symbol = state.data.currencySymbol.trim() || currencySymbol;
  return (
    <Stack gap="lg" data-testid="play-limits">
      <Alert variant="light" color="blue" title={t('limits.title')}>
        {t('limits.intro')} {t('limits.rules')}
      </Alert>
      <MoneyLimits state={state.data} symbol={symbol} />
      <SessionLimitSection state={state.data} />
      <RealityCheckSection state={state.data} />
    </Stack>
  );
}

function MoneyLimits({ state, symbol }: { state: ProtectionState; symbol: string }) {
  const { t, i18n } = useTranslation('protection');
  const queryClient = useQueryClient();
  const action = useProtectionAction();
  const [editing, setEditing] = useState<LimitSlot | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<'required' | 'invalid' | null>(null);
  const slots = limitSlots(state);
  const current = editing?.view?.amountMinor ?? null;

  const open = (slot: LimitSlot) => {
    action.clearFailure();
    setEditing(slot);
    setAmount(slot.view?.amount ?? '');
    setProblem(null);
  };

  const save = async (value: string | null) => {
    if (!editing) return;
    if (value !== null) {
      const found = checkLimitAmount(value);
      setProblem(found);
      if (found) return;
    }
    const { kind, period } = editing;
    const done = await action.run(async () => {
      const result = await setMoneyLimit({ kind, period, amount: value === null ? null : value.trim() });
      storeProtectionState(queryClient, result.state);
      return result.applies === 'now'
        ? t('limits.appliedNow')
        : t('limits.appliesAt', { time: formatLongDateTime(result.effectiveAt, i18n.language) });
    });
    if (done) setEditing(null);
  };

  const cancelPending = (slot: LimitSlot) =>
    void action.run(async () => {
      await cancelPendingLimit({ kind: slot.kind, period: slot.period });
      return t('limits.cancelled');
    });

  const typedEffect =
    checkLimitAmount(amount) === null
      ? appliesAtOnce(amount, current)
        ? t('limits.effectNow')
        : t('limits.effectLater')
      : null;

  return (
    <>
      {MONEY_LIMIT_KIND_LIST.map((kind) => (
        <SecuritySection
          key={kind}
          id={`limits-${kind}`}
          title={t(`kind.${kind}`)}
          description={t(`kindHint.${kind}`)}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {slots
              .filter((slot) => slot.kind === kind)
              .map((slot) => (
                <MoneyLimitCard
                  key={slot.period}
                  slot={slot}
                  symbol={symbol}
                  busy={action.busy}
                  onEdit={() => open(slot)}
                  onCancelPending={() => cancelPending(slot)}
                />
              ))}
          </SimpleGrid>
        </SecuritySection>
      ))}
      {!editing && action.failure ? (
        <Alert color="red" variant="light" role="alert" data-testid="limits-error">
          {action.failure}
        </Alert>
      ) : null}
      <DoneNotice text={action.notice} testId="limits-done" />
      <LimitDialog
        opened={editing !== null}
        title={editing ? `${t(`kind.${editing.kind}`)} · ${t(`period.${editing.period}`)}` : ''}
        field={
          <LimitAmountField
            symbol={symbol}
            value={amount}
            onValue={(text) => {
              setAmount(text);
              setProblem(null);
            }}
            problem={problem}
            autoFocus
            testId="limit-amount"
          />
        }
        effect={typedEffect}
        busy={action.busy}
        failure={editing ? action.failure : null}
        onSave={() => void save(amount)}
        onRemove={
          current !== null && editing?.view?.pending?.amountMinor !== null ? () => void save(null) : undefined
        }
        onClose={() => setEditing(null)}
        testId="limit-dialog"
      />
    </>
  );
}
