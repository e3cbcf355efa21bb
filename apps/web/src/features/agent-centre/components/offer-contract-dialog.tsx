import {
  type ContractKind,
  DIVIDEND_PERIODS,
  type DividendPeriod,
} from '@lotus/shared/agent-contracts.schema';
import { AGENT_TYPES } from '@lotus/shared/member-types';
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useDownlines } from '../api/get-downlines.ts';
import { useContractAction } from '../hooks/use-contract-action.ts';
import { newTier, type OfferDraft, type OfferErrors, offerBody } from '../utils/offer-form.ts';
import { OfferTiers } from './offer-tiers.tsx';

/** The direct downline the offer can go to: the newest members, up to the API's page size. */
const DOWNLINE_CHOICES = 100;

const EMPTY: OfferDraft = { downlineId: '', rate: '', period: 'monthly', tiers: [] };

/**
 * Offer a contract of one kind to a direct downline agent: the agent, the rate (at most the agent's own
 * rate of the kind, said beside the field), the period for a dividend, optional tiers for a daily salary.
 * Checked here first (utils/offer-form.ts), then by the server; its refusal (a rate above the agent's own,
 * a member who is no direct downline agent) shows under the field it concerns or above the buttons.
 */
export function OfferContractDialog({
  kind,
  opened,
  maxOfferRateBps,
  maxOfferRate,
  onClose,
  onDone,
}: {
  kind: ContractKind;
  opened: boolean;
  maxOfferRateBps: number;
  maxOfferRate: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('agents');
  const [draft, setDraft] = useState<OfferDraft>(EMPTY);
  const [errors, setErrors] = useState<OfferErrors>({});
  const mutation = useContractAction(kind);
  const downlines = useDownlines({ page: 1, pageSize: DOWNLINE_CHOICES, username: '' });
  const agents = (downlines.data?.list ?? []).filter((member) => AGENT_TYPES.includes(member.memberType));
  const { reset } = mutation;

  useEffect(() => {
    if (!opened) return;
    setDraft(EMPTY);
    setErrors({});
    reset();
  }, [opened, reset]);

  const close = () => {
    if (!mutation.isPending) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const checked = offerBody(kind, draft, maxOfferRateBps);
    setErrors(checked.errors ?? {});
    if (!checked.body) return;
    const username = agents.find((member) => member.id === draft.downlineId)?.username ?? '';
    mutation.mutate(checked.body, {
      onSuccess: () =>
        onDone(t('offer.done', { kind: t(`contracts.kinds.${kind}`), username, rate: draft.rate.trim() })),
    });
  };
  const failure = mutation.isError ? messageForApiError(t, mutation.error) : null;
  const rateRefused =
    mutation.error && 'code' in mutation.error && String(mutation.error.code).startsWith('contract_rate');

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('offer.title', { kindA: t(`contracts.kindsA.${kind}`) })}
      size={480}
      testId="agent-offer-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {agents.length === 0 && downlines.isSuccess ? (
            <Text size="sm" data-testid="agent-offer-no-agents">
              {t('offer.noAgents')}
            </Text>
          ) : null}
          <NativeSelect
            label={t('offer.downline')}
            value={draft.downlineId}
            onChange={(event) => {
              const downlineId = event.currentTarget.value;
              setDraft((old) => ({ ...old, downlineId }));
            }}
            data={[
              { value: '', label: t('offer.chooseDownline') },
              ...agents.map((member) => ({ value: member.id, label: member.username })),
            ]}
            required
            error={errors.downlineId ? t(errors.downlineId) : undefined}
            data-testid="agent-offer-downline"
            data-autofocus
          />
          <TextInput
            label={t('offer.rate')}
            description={t('offer.rateHint', { max: maxOfferRate })}
            inputMode="decimal"
            autoComplete="off"
            rightSection={<Text size="sm">%</Text>}
            value={draft.rate}
            onChange={(event) => {
              const rate = event.currentTarget.value;
              setDraft((old) => ({ ...old, rate }));
            }}
            required
            error={errors.rate ? t(errors.rate, { max: maxOfferRate }) : rateRefused ? failure : undefined}
            data-testid="agent-offer-rate"
          />
          {kind === 'dividend' ? (
            <NativeSelect
              label={t('offer.period')}
              value={draft.period}
              onChange={(event) => {
                const period = event.currentTarget.value as DividendPeriod;
                setDraft((old) => ({ ...old, period }));
              }}
              data={DIVIDEND_PERIODS.map((value) => ({ value, label: t(`contracts.periods.${value}`) }))}
              data-testid="agent-offer-period"
            />
          ) : null}
          {kind === 'daily_salary' ? (
            <OfferTiers
              tiers={draft.tiers}
              errors={errors.tiers}
              maxRate={maxOfferRate}
              onChange={(tiers) => setDraft((old) => ({ ...old, tiers }))}
              onAdd={() => setDraft((old) => ({ ...old, tiers: [...old.tiers, newTier()] }))}
            />
          ) : null}
          {failure && !rateRefused ? (
            <Alert color="red" variant="light" role="alert" data-testid="agent-offer-error">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={close}
              disabled={mutation.isPending}
              data-testid="agent-offer-cancel"
            >
              {t('contracts.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="agent-offer-submit">
              {t('offer.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
