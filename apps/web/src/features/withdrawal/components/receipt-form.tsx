import { decimalToMinor } from '@lotus/shared/money';
import { RECEIPT_ANSWERS, type ReceiptAnswer, type WithdrawalView } from '@lotus/shared/withdrawals.schema';
import { Button, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProofPicker } from '../../../components/forms/proof-picker.tsx';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { moneyErrorText, moneyText, newIdempotencyKey } from '../../../lib/money/money.ts';
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
  const [intent, setIntent] = useState<{ request: ReceiptRequest; key: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remainder = status === 'partly_received' ? remainderMinor(receivedAmount, amountMinor) : null;
  const formId = `receipt-${withdrawal.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkReceiptForm({ status, receivedAmount, proof, note }, amountMinor);
    setErrors(found);
    if (Object.keys(found).length > 0 || status === null) return;
    setFailure(null);
    setIntent({
      key: newIdempotencyKey(),
      request: {
        status,
        ...(status === 'partly_received' ? { receivedAmount: receivedAmount.trim() } : {}),
        ...(status !== 'received' && note.trim() ? { note: note.trim() } : {}),
        ...(status !== 'received' && proof ? { proof } : {}),
      },
    });
  };

  const confirm = async () => {
    if (!intent || sending) return;
    setSending(true);
    setFailure(null);
    try {
      await confirmReceipt(withdrawal.id, intent.request, intent.key);
      setIntent(null);
      await refreshAfterWithdrawal(queryClient);
    } catch (error) {
      setFailure(moneyErrorText(t, error, symbol));
    } finally {
      setSending(false);
    }
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
              disabled={sending}
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
        opened={intent !== null}
        title={t('receipt.confirmTitle')}
        amountText={moneyText(amountMinor, symbol)}
        rows={
          intent
            ? [
                { label: t('receipt.question'), value: t(`receipt.answer.${intent.request.status}`) },
                ...(intent.request.receivedAmount
                  ? [
                      {
                        label: t('receipt.receivedAmount', { symbol }),
                        value: moneyText(decimalToMinor(intent.request.receivedAmount) ?? 0n, symbol),
                      },
                      {
                        label: t('receipt.remainder'),
                        value: moneyText(
                          amountMinor - (decimalToMinor(intent.request.receivedAmount) ?? 0n),
                          symbol,
                        ),
                      },
                    ]
                  : []),
                ...(intent.request.proof
                  ? [{ label: t('receipt.proofLabel'), value: intent.request.proof.name }]
                  : []),
              ]
            : []
        }
        confirmLabel={t('receipt.confirmSubmit')}
        busy={sending}
        error={failure}
        onConfirm={() => void confirm()}
        onClose={() => setIntent(null)}
        testId="receipt-confirm"
      />
    </form>
  );
}
