import type { PointConfig } from '@lotus/shared/points.schema';
import { Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { pointsText } from '../utils/points-text.ts';
import { PasswordAndActions } from './password-and-actions.tsx';

export type ConvertInput = { points: string; withdrawPassword: string; amountMinor: bigint };

type ConvertDialogProps = {
  opened: boolean;
  convert: NonNullable<PointConfig['convert']>;
  balance: bigint | null;
  symbol: string;
  passwordError: { text: string } | null;
  onClose: () => void;
  onSubmit: (input: ConvertInput) => void;
};

/** The cash a whole number of steps gives; null when `text` is not a valid amount of points. */
export function cashFor(text: string, convert: NonNullable<PointConfig['convert']>): bigint | null {
  if (!/^[1-9][0-9]{0,14}$/.test(text.trim())) return null;
  const points = BigInt(text.trim());
  const step = BigInt(convert.points);
  if (points < BigInt(convert.minPoints) || points % step !== 0n) return null;
  return (points / step) * BigInt(convert.amountMinor);
}

/** Points → cash at the brand's rate: how many points (whole steps) and the withdraw password. */
export function ConvertDialog(props: ConvertDialogProps) {
  const { convert, balance, symbol, passwordError } = props;
  const { t } = useTranslation('points');
  const [points, setPoints] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ points?: string; password?: string }>({});

  useEffect(() => {
    if (passwordError === null) return;
    setPassword('');
    setErrors((current) => ({ ...current, password: passwordError.text }));
  }, [passwordError]);

  const cash = cashFor(points, convert);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (cash === null)
      next.points = t('convert.stepError', {
        step: pointsText(convert.points),
        min: pointsText(convert.minPoints),
      });
    else if (balance !== null && BigInt(points.trim()) > balance)
      next.points = t('convert.notEnough', { balance: pointsText(balance) });
    if (password === '') next.password = t('redeem.required');
    setErrors(next);
    if (cash === null || Object.keys(next).length > 0) return;
    props.onSubmit({ points: points.trim(), withdrawPassword: password, amountMinor: cash });
    setPassword('');
  };

  return (
    <AppModal
      opened={props.opened}
      onClose={props.onClose}
      title={t('convert.title')}
      testId="points-convert"
    >
      <form onSubmit={submit} noValidate data-testid="points-convert-form">
        <Stack gap="sm">
          <Text size="sm" data-testid="points-convert-rate">
            {t('convert.rate', {
              points: pointsText(convert.points),
              amount: moneyText(convert.amountMinor, symbol),
              min: pointsText(convert.minPoints),
            })}
          </Text>
          <TextInput
            label={t('convert.points')}
            value={points}
            onChange={(event) => setPoints(event.currentTarget.value)}
            inputMode="numeric"
            required
            error={errors.points}
            data-testid="points-convert-points"
          />
          <PasswordAndActions
            prefix="points-convert"
            password={password}
            onPassword={setPassword}
            error={errors.password}
            outcome={cash === null ? '\u00a0' : t('convert.youGet', { amount: moneyText(cash, symbol) })}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </AppModal>
  );
}
