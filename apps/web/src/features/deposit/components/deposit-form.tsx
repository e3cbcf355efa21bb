import type { PaymentMethodView } from '@lotus/shared/deposits.schema';
import { decimalToMinor } from '@lotus/shared/money';
import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ProofPicker } from '../../../components/forms/proof-picker.tsx';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { amountProblemText, moneyText } from '../../../lib/money/money.ts';
import { useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { createDeposit, DEPOSIT_KEYS, type DepositRequest } from '../api/deposit-api.ts';
import {
  checkDepositForm,
  type DepositFormErrors,
  depositErrorText,
  quickAmounts,
} from '../utils/deposit-form.ts';

type DepositFormProps = { methods: PaymentMethodView[]; symbol: string };

/** The gateway's pay page; a function so tests can watch the hand-over without leaving jsdom. */
export const gatewayRedirect = { go: (url: string) => window.location.assign(url) };

type Intent = { request: DepositRequest; method: PaymentMethodView };

export function DepositForm({ methods, symbol }: DepositFormProps) {
  const { t } = useTranslation('deposit');
  const queryClient = useQueryClient();
  const [methodCode, setMethodCode] = useState(methods[0]?.code ?? '');
  const method = methods.find((item) => item.code === methodCode) ?? methods[0];
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [errors, setErrors] = useState<DepositFormErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const deposit = useConfirmedIntent(
    (input: Intent, key: string) => createDeposit(input.request, key),
    (result) => {
      if (result.redirectUrl) {
        gatewayRedirect.go(result.redirectUrl);
        return;
      }
      setAmount('');
      setReference('');
      setProof(null);
      setDone(t('form.submitted', { id: result.deposit.id }));
    },
    () => queryClient.invalidateQueries({ queryKey: DEPOSIT_KEYS.all }),
  );
  const intent = deposit.pending;

  if (!method) return null;
  const money = (minor: string | bigint) => moneyText(minor, symbol);
  const isBank = method.kind === 'bank_transfer';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkDepositForm(method, { amount, reference });
    setErrors(found);
    setDone(null);
    if (Object.keys(found).length > 0) return;
    deposit.open({
      method,
      request: {
        method: method.code,
        amount: amount.trim(),
        ...(isBank ? { reference: reference.trim(), proof } : {}),
      },
    });
  };

  const amountError = errors.amount ? amountProblemText(t, errors.amount, symbol) : null;
  const referenceError =
    errors.reference === 'required'
      ? t('errors:deposit_reference_required')
      : errors.reference === 'length'
        ? t('form.referenceLength', { min: 6, max: 64 })
        : null;

  return (
    <Stack gap="md" component="section" aria-labelledby="deposit-form-title">
      <Title order={2} fz="lg" id="deposit-form-title">
        {t('form.title')}
      </Title>
      <form onSubmit={submit} noValidate data-testid="deposit-form">
        <Stack gap="md">
          <Radio.Group
            label={t('form.method')}
            value={method.code}
            onChange={(code) => {
              setMethodCode(code);
              setErrors({});
              setDone(null);
            }}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
              {methods.map((item) => (
                <Radio.Card
                  key={item.code}
                  value={item.code}
                  radius="md"
                  p="sm"
                  data-testid={`deposit-method-${item.code}`}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600}>{item.name}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`kind.${item.kind}`)}
                      </Text>
                      <Text size="xs">
                        {t('form.limits', { min: money(item.minMinor), max: money(item.maxMinor) })}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>

          {isBank && method.bank ? <ReceivingAccount bank={method.bank} /> : null}

          <AmountInput
            label={t('form.amount', { symbol })}
            description={t('form.limits', { min: money(method.minMinor), max: money(method.maxMinor) })}
            required
            symbol={symbol}
            value={amount}
            onValue={(text) => {
              setAmount(text);
              if (errors.amount) setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={amountError}
            data-testid="deposit-amount"
          />
          <Group gap="xs" role="group" aria-label={t('form.quick')}>
            {quickAmounts(method).map((quick) => (
              <Button
                key={quick}
                size="xs"
                radius="xl"
                variant={amount === quick ? 'filled' : 'light'}
                aria-pressed={amount === quick}
                onClick={() => {
                  setAmount(quick);
                  setErrors((current) => ({ ...current, amount: undefined }));
                }}
                data-testid={`deposit-quick-${quick}`}
              >
                {money(BigInt(quick) * 100n)}
              </Button>
            ))}
          </Group>

          {isBank ? (
            <>
              <TextInput
                label={t('form.reference')}
                description={t('form.referenceHint')}
                required
                autoComplete="off"
                maxLength={64}
                value={reference}
                onChange={(event) => {
                  setReference(event.currentTarget.value);
                  if (errors.reference) setErrors((current) => ({ ...current, reference: undefined }));
                }}
                error={referenceError}
                data-testid="deposit-reference"
              />
              <ProofPicker
                label={t('form.proof')}
                file={proof}
                onChange={setProof}
                disabled={deposit.busy}
                testId="deposit-proof"
              />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('form.gatewayHint')}
            </Text>
          )}

          <Button type="submit" data-testid="deposit-submit">
            {t('form.submit')}
          </Button>
          <DoneNotice text={done} testId="deposit-submitted" />
        </Stack>
      </form>

      <MoneyConfirmDialog
        opened={intent !== null}
        title={t('confirm.title')}
        amountText={intent ? money(decimalToMinor(intent.request.amount) ?? 0n) : ''}
        rows={
          intent
            ? [
                { label: t('confirm.method'), value: intent.method.name },
                ...(intent.request.reference
                  ? [{ label: t('form.reference'), value: intent.request.reference }]
                  : []),
                ...(intent.request.proof
                  ? [{ label: t('form.proof'), value: intent.request.proof.name }]
                  : []),
              ]
            : []
        }
        confirmLabel={intent?.method.kind === 'gateway' ? t('confirm.pay') : t('confirm.submit')}
        busy={deposit.busy}
        error={deposit.error ? depositErrorText(t, deposit.error, symbol) : null}
        onConfirm={() => void deposit.confirm()}
        onClose={deposit.cancel}
        testId="deposit-confirm"
      />
    </Stack>
  );
}

function ReceivingAccount({ bank }: { bank: NonNullable<PaymentMethodView['bank']> }) {
  const { t } = useTranslation('deposit');
  const rows: { key: string; label: string; value: string }[] = [
    { key: 'bankName', label: t('bank.bankName'), value: bank.bankName },
    { key: 'accountName', label: t('bank.accountName'), value: bank.accountName },
    { key: 'accountNumber', label: t('bank.accountNumber'), value: bank.accountNumber },
    { key: 'ifsc', label: t('bank.ifsc'), value: bank.ifsc },
    { key: 'upiId', label: t('bank.upiId'), value: bank.upiId },
  ].filter((row) => row.value !== '');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="deposit-bank">
      <Text fw={600} mb={4}>
        {t('bank.title')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('bank.hint')}
      </Text>
      <Table variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th w="38%">{row.label}</Table.Th>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="space-between">
                  <Text
                    size="sm"
                    style={{ overflowWrap: 'anywhere' }}
                    data-testid={`deposit-bank-${row.key}`}
                  >
                    {row.value}
                  </Text>
                  <CopyButton value={row.value}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('bank.copied') : t('bank.copy')} withArrow>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          onClick={copy}
                          aria-label={copied ? t('bank.copied') : t('bank.copyOf', { label: row.label })}
                        >
                          <span aria-hidden="true">{copied ? '✓' : '⧉'}</span>
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
