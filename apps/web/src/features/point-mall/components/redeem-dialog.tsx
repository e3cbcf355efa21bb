import type { PointReward } from '@lotus/shared/points.schema';
import { Alert, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useWithdrawPasswordStatus } from '../../../lib/wallet/use-wallet-queries.ts';
import { countOf, nameIn, pointsText } from '../utils/points-text.ts';
import { PasswordAndActions } from './password-and-actions.tsx';

/** What the form hands on to the confirm step. */
export type RedeemInput = {
  reward: PointReward;
  quantity: number;
  receivingAddress: string;
  mobile: string;
  withdrawPassword: string;
};

/** At most this many of one reward per redemption (the server's POINTS_MAX_QUANTITY). */
const MAX_QUANTITY = 10;
const SECURITY_CENTRE = '/member/securityCenter';

type RedeemDialogProps = {
  reward: PointReward | null;
  /** The member's points, when known. */
  balance: bigint | null;
  /** A payment-password error the confirm step came back with, shown under the field. */
  passwordError: { text: string } | null;
  onClose: () => void;
  onSubmit: (input: RedeemInput) => void;
};

type Errors = Partial<Record<'quantity' | 'address' | 'mobile' | 'password', string>>;

/**
 * SPEC §5: a redemption needs the withdraw password, a receiving address and the member's own mobile number.
 * The form checks what it can (required fields, enough points); the confirm step that follows moves them.
 */
export function RedeemDialog({ reward, balance, passwordError, onClose, onSubmit }: RedeemDialogProps) {
  const { t, i18n } = useTranslation('points');
  const passwordStatus = useWithdrawPasswordStatus();
  const [quantity, setQuantity] = useState(1);
  const [address, setAddress] = useState('');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  // A new reward starts a new form; a password error from the confirm step clears the password.
  useEffect(() => {
    if (reward === null) return;
    setQuantity(1);
    setErrors({});
  }, [reward]);
  useEffect(() => {
    if (passwordError === null) return;
    setPassword('');
    setErrors((current) => ({ ...current, password: passwordError.text }));
  }, [passwordError]);

  if (reward === null) return null;
  const name = nameIn(reward, i18n.language);
  const maxQuantity = Math.max(1, Math.min(MAX_QUANTITY, reward.stock));
  const total = BigInt(reward.points) * BigInt(quantity);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const required = t('redeem.required');
    if (address.trim() === '') next.address = required;
    if (mobile.trim() === '') next.mobile = required;
    if (password === '') next.password = required;
    if (balance !== null && total > balance)
      next.quantity = t('redeem.notEnough', { points: pointsText(total), balance: pointsText(balance) });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onSubmit({
      reward,
      quantity,
      receivingAddress: address.trim(),
      mobile: mobile.trim(),
      withdrawPassword: password,
    });
    setPassword('');
  };

  const noPassword = passwordStatus.data !== undefined && !passwordStatus.data.isSet;
  return (
    <AppModal opened onClose={onClose} title={t('redeem.title', { name })} testId="points-redeem">
      {noPassword ? (
        <Alert color="yellow" variant="light" data-testid="points-redeem-no-password">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('redeem.noPassword')}</Text>
            <Button component={Link} to={SECURITY_CENTRE} size="compact-sm" variant="light">
              {t('redeem.setPassword')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate data-testid="points-redeem-form">
          <Stack gap="sm">
            {/* A plain number field: NumberInput's CSS would join every page's first stylesheet. */}
            <TextInput
              type="number"
              inputMode="numeric"
              label={t('redeem.quantity')}
              value={String(quantity)}
              onChange={(event) => {
                const typed = Number.parseInt(event.currentTarget.value, 10);
                setQuantity(Number.isFinite(typed) ? Math.min(Math.max(typed, 1), maxQuantity) : 1);
              }}
              min={1}
              max={maxQuantity}
              step={1}
              error={errors.quantity}
              data-testid="points-redeem-quantity"
            />
            <Textarea
              label={t('redeem.address')}
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              maxLength={200}
              rows={2}
              required
              error={errors.address}
              data-testid="points-redeem-address"
            />
            <TextInput
              label={t('redeem.mobile')}
              description={t('redeem.mobileHint')}
              value={mobile}
              onChange={(event) => setMobile(event.currentTarget.value)}
              inputMode="tel"
              autoComplete="tel"
              maxLength={20}
              required
              error={errors.mobile}
              data-testid="points-redeem-mobile"
            />
            <PasswordAndActions
              prefix="points-redeem"
              password={password}
              onPassword={setPassword}
              error={errors.password}
              outcome={t('redeem.total', { points: pointsText(total), count: countOf(total.toString()) })}
              onCancel={onClose}
            />
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
