import { decimalToMinor } from '@lotus/shared/money';
import type { LimitPeriod } from '@lotus/shared/player-protection.schema';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LimitAmountField } from '../../../components/forms/limit-amount-field.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import {
  answerDepositPrompt,
  PROTECTION_KEYS,
  setMoneyLimit,
} from '../../../lib/protection/protection-api.ts';
import { LIMIT_PERIOD_LIST } from '../../../lib/protection/protection-constants.ts';

/**
 * Before the first deposit (issue 17: `depositLimitPrompt`), the player is asked whether to set a deposit
 * limit — day, week or month — or to go on without one. Either answer is recorded, so it is asked once;
 * the limit can be changed later in the security centre's "Play limits".
 */
export function DepositLimitPrompt({ symbol }: { symbol: string }) {
  const { t } = useTranslation('protection');
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<LimitPeriod>('month');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState(false);
  const [busy, setBusy] = useState<'set' | 'skipped' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const answer = async (choice: 'set' | 'skipped') => {
    if (busy) return;
    if (choice === 'set' && decimalToMinor(amount) === null) {
      setProblem(true);
      return;
    }
    setBusy(choice);
    setFailure(null);
    try {
      if (choice === 'set') await setMoneyLimit({ kind: 'deposit', period, amount: amount.trim() });
      await answerDepositPrompt(choice);
      await queryClient.invalidateQueries({ queryKey: PROTECTION_KEYS.state });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void answer('set');
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="deposit-prompt-title"
      data-testid="deposit-limit-prompt"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={480}>
          <Title order={2} fz="lg" id="deposit-prompt-title">
            {t('prompt.title')}
          </Title>
          <Text size="sm">{t('prompt.body')}</Text>
          <Radio.Group
            label={t('prompt.periodLabel')}
            value={period}
            onChange={(value) => setPeriod(value as LimitPeriod)}
            data-testid="deposit-prompt-period"
          >
            <Group gap="md" mt={4}>
              {LIMIT_PERIOD_LIST.map((value) => (
                <Radio key={value} value={value} label={t(`period.${value}`)} />
              ))}
            </Group>
          </Radio.Group>
          <LimitAmountField
            symbol={symbol}
            value={amount}
            onValue={(text) => {
              setAmount(text);
              setProblem(false);
            }}
            problem={problem ? 'invalid' : null}
            testId="deposit-prompt-amount"
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="deposit-prompt-error">
              {messageForApiError(t, failure)}
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button
              type="submit"
              loading={busy === 'set'}
              disabled={busy === 'skipped'}
              data-testid="deposit-prompt-set"
            >
              {t('prompt.set')}
            </Button>
            <Button
              variant="default"
              loading={busy === 'skipped'}
              disabled={busy === 'set'}
              onClick={() => void answer('skipped')}
              data-testid="deposit-prompt-skip"
            >
              {t('prompt.skip')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('prompt.later')}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
