import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { money } from '../utils/money.ts';
import {
  computeRaffleVerification,
  type RaffleVerifyInput,
  type RaffleVerifyResult,
} from '../utils/verify-raffle.ts';
import classes from './originals.module.css';
import { SeedChecks, SubmitRow, VerifyResultRegion } from './verify-parts.tsx';

/**
 * The verify page's raffle mode (issue 19): a red envelope's, golden egg's or prize wheel's ticket
 * recomputed from the campaign's revealed seed, its ticket id and its prize table, checked against the
 * hash published before the campaign started and the prize paid.
 */
export function RaffleVerifyForm({ initial }: { initial: RaffleVerifyInput }) {
  const { t } = useTranslation('raffles');
  const [fields, setFields] = useState(initial);
  const [result, setResult] = useState<RaffleVerifyResult | null>(() =>
    initial.seed && initial.ticket ? computeRaffleVerification(initial) : null,
  );
  const set = (key: keyof RaffleVerifyInput) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(computeRaffleVerification(fields));
  };
  return (
    <Stack gap="md" data-testid="raffle-verify">
      <Text size="sm">{t('verify.explain')}</Text>
      <form onSubmit={submit}>
        <Stack gap="xs">
          <TextInput
            label={t('verify.seed')}
            value={fields.seed}
            onChange={(event) => set('seed')(event.currentTarget.value)}
            classNames={{ input: classes.mono }}
            data-testid="raffle-verify-seed"
          />
          <TextInput
            label={t('originals:verify.hash')}
            description={t('verify.hashHint')}
            value={fields.hash}
            onChange={(event) => set('hash')(event.currentTarget.value)}
            classNames={{ input: classes.mono }}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('verify.ticket')}
              value={fields.ticket}
              inputMode="numeric"
              onChange={(event) => set('ticket')(event.currentTarget.value)}
              data-testid="raffle-verify-ticket"
            />
            <TextInput
              label={t('verify.prize')}
              value={fields.prize}
              inputMode="numeric"
              onChange={(event) => set('prize')(event.currentTarget.value)}
            />
          </Group>
          <Textarea
            label={t('verify.prizes')}
            description={t('verify.prizesHint')}
            value={fields.prizes}
            rows={3}
            onChange={(event) => set('prizes')(event.currentTarget.value)}
            classNames={{ input: classes.mono }}
          />
          <SubmitRow label={t('originals:verify.submit')} testId="raffle-verify-submit" />
        </Stack>
      </form>
      <VerifyResultRegion
        prefix="raffle-"
        state={
          result === null
            ? null
            : result.ok
              ? { computedHash: result.computedHash }
              : { problemText: t(`verify.problems.${result.problem}`) }
        }
        hashLabel={t('verify.computedHash')}
        checks={
          result?.ok ? (
            <SeedChecks
              prefix="raffle-"
              hashOk={result.hashMatches}
              check={{
                ok: result.prizeMatches,
                yes: t('verify.prizeOk'),
                no: t('verify.prizeBad'),
                testId: 'raffle-prize-check',
              }}
            />
          ) : null
        }
      >
        {result?.ok ? (
          <Text size="sm" fw={700} data-testid="raffle-verify-prize">
            {t('verify.drawn', {
              row: result.draw.index + 1,
              amount: money(result.draw.amountMinor, ''),
            })}
          </Text>
        ) : null}
      </VerifyResultRegion>
    </Stack>
  );
}
