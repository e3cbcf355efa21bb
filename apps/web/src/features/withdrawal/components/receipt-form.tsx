import { decimalToMinor } from '@lotus/shared/money';
import { RECEIPT_ANSWERS, type ReceiptAnswer, type WithdrawalView } from '@lotus/shared/withdrawals.schema';
import { Button, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ProofPicker } from '../../../components/forms/proof-picker.tsx';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyErrorText, moneyText } from '../../../lib/money/money.ts';
import { useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { confirmReceipt, type ReceiptRequest, refreshAfterWithdrawal } from '../api/withdrawal-api.ts';
import { checkReceiptForm, type ReceiptErrors, remainderMinor } from '../utils/receipt-form.ts';

type ReceiptFormProps = { withdrawal: WithdrawalView; symbol: string };

/**
 * SPEC §4 "after payout the player marks received, not received (upload proof for investigation) or partly
 * received (received amount and remainder)". Shown while the receipt is awaited, with its deadline.
 */
export function ReceiptForm({ withdrawal, symbol }: ReceiptFormProps) {
  const { t } = useTranslation('withdrawal');
  const queryClient = useQueryClient();
  const amountMinor = BigInt(withdrawal.amountMinor);
  const [status, setStatus] = useState<ReceiptAnswer | null>(null);
  const [receivedAmount, setReceivedAmount] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<ReceiptErrors>({});
  const receipt = useConfirmedIntent(
    (request: ReceiptRequest, key: string) => confirmReceipt(withdrawal.id, request, key),
    () => {},
    () => refreshAfterWithdrawal(queryClient),
  );
  const request = receipt.pending;
  const remainder = status === 'partly_received' ? remainderMinor(receivedAmount, amountMinor) : null;
  const formId = `receipt-${withdrawal.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkReceiptForm({ status, receivedAmount, proof, note }, amountMinor);
    setErrors(found);
    if (Object.keys(found).length > 0 || status === null) return;
    receipt.open({
      status,
      ...(status === 'partly_received' ? { receivedAmount: receivedAmount.trim() } : {}),
      ...(status !== 'received' && note.trim() ? { note: note.trim() } : {}),
      ...(status !== 'received' && proof ? { proof } : {}),
    });
  };

  const receivedError =
    errors.receivedAmount === 'required'
      ? t('validation:required')
      : errors.receivedAmount
        ? t(`errors:${errors.receivedAmount}`)
        : null;

  return (
    <form onSubmit={submit} noValidate data-testid="receipt-form" aria-labelledby={`${formId}-title`}>
      <Stack gap="sm" mt="xs">
        <Text fw={600} id={`${formId}-title`}>
          {t('receipt.title')}
        </Text>
        <Radio.Group
          value={status}
          onChange={(value) => {
            setStatus(value as ReceiptAnswer);
            setErrors({});
          }}
          label={t('receipt.question')}
          error={errors.status ? t('receipt.choose') : null}
          required
        >
          <Stack gap={6} mt={6}>
            {RECEIPT_ANSWERS.map((answer) => (
              <Radio
                key={answer}
                value={answer}
                label={t(`receipt.answer.${answer}`)}
                data-testid={`receipt-answer-${answer}`}
              />
            ))}
          </Stack>
        </Radio.Group>

        {status === 'partly_received' ? (
          <>
            <AmountInput
              label={t('receipt.receivedAmount', { symbol })}
              description={t('receipt.receivedHint', { amount: moneyText(amountMinor, symbol) })}
              required
              symbol={symbol}
              value={receivedAmount}
              onValue={(text) => {
                setReceivedAmount(text);
                if (errors.receivedAmount)
                  setErrors((current) => ({ ...current, receivedAmount: undefined }));
              }}
              error={receivedError}
              data-testid="receipt-received-amount"
            />
            <Text size="sm" aria-live="polite" data-testid="receipt-remainder">
              {t('receipt.remainder')}{' '}
              <Text span fw={700}>
                {remainder === null ? '—' : moneyText(remainder, symbol)}
              </Text>
            </Text>
          </>
        ) : null}

        {status === 'not_received' || status === 'partly_received' ? (
          <>
            <ProofPicker
              label={status === 'not_received' ? t('receipt.proofRequired') : t('receipt.proofOptional')}
              required={status === 'not_received'}
              file={proof}
              onChange={(file) => {
                setProof(file);
                if (file) setErrors((current) => ({ ...current, proof: undefined }));
              }}
              error={errors.proof ? t('errors:proof_required') : null}
              disabled={receipt.busy}
              testId="receipt-proof"
            />
            <Textarea
              label={t('receipt.note')}
              maxLength={500}
              rows={2}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              data-testid="receipt-note"
            />
          </>
        ) : null}

        <Button
          type="submit"
          variant="light"
          data-testid="receipt-submit"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('receipt.submit')}
        </Button>
      </Stack>
      <MoneyConfirmDialog
        opened={receipt.pending !== null}
        title={t('receipt.confirmTitle')}
        amountText={moneyText(amountMinor, symbol)}
        rows={
          request
            ? [
                { label: t('receipt.question'), value: t(`receipt.answer.${request.status}`) },
                ...(request.receivedAmount
                  ? [
                      {
                        label: t('receipt.receivedAmount', { symbol }),
                        value: moneyText(decimalToMinor(request.receivedAmount) ?? 0n, symbol),
                      },
                      {
                        label: t('receipt.remainder'),
                        value: moneyText(
                          amountMinor - (decimalToMinor(request.receivedAmount) ?? 0n),
                          symbol,
                        ),
                      },
                    ]
                  : []),
                ...(request.proof ? [{ label: t('receipt.proofLabel'), value: request.proof.name }] : []),
              ]
            : []
        }
        confirmLabel={t('receipt.confirmSubmit')}
        busy={receipt.busy}
        error={receipt.error ? moneyErrorText(t, receipt.error, symbol) : null}
        onConfirm={() => void receipt.confirm()}
        onClose={receipt.cancel}
        testId="receipt-confirm"
      />
    </form>
  );
}
