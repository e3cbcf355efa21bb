import type { ContractKind, ContractView } from '@lotus/shared/agent-contracts.schema';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useContractAction } from '../hooks/use-contract-action.ts';
import { ContractTerms, useUplineName } from './contract-terms.tsx';

/**
 * What the agent asked to do with a contract: answer an offer made to it, end its own contract, or end (or,
 * while it is only offered, withdraw) one it gave its downline.
 */
export type PendingContractAction = {
  action: 'accept' | 'reject' | 'end';
  contract: ContractView;
  /** `mine`: the agent is the contract's downline; `downline`: the agent is its upline. */
  side: 'mine' | 'downline';
};

/** The i18n key of the question the dialog asks (and of its button). */
export function questionKey({ action, contract, side }: PendingContractAction): string {
  if (action !== 'end') return action;
  if (side === 'mine') return 'endMine';
  return contract.status === 'offered' ? 'withdraw' : 'endDownline';
}

/**
 * The confirm step of a contract action (the brief's "confirm dialog"): the terms, what will happen, then
 * the action. A failure stays here (role=alert) with a retry; success closes it and tells the section.
 */
export function ContractActionDialog({
  kind,
  pending,
  symbol,
  onClose,
  onDone,
}: {
  kind: ContractKind;
  pending: PendingContractAction | null;
  symbol: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('agents');
  const uplineName = useUplineName();
  const mutation = useContractAction(kind);
  const key = pending ? questionKey(pending) : 'accept';
  const kindName = t(`contracts.kinds.${kind}`);
  const names = pending
    ? {
        kind: kindName,
        kindA: t(`contracts.kindsA.${kind}`),
        upline: uplineName(pending.contract),
        downline: pending.contract.downline.username,
      }
    : {};

  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose();
  };
  const confirm = () => {
    if (!pending || mutation.isPending) return;
    mutation.mutate(
      { action: pending.action, contractId: pending.contract.id },
      {
        onSuccess: () => {
          mutation.reset();
          onDone(t(`contracts.done.${key}`, names));
        },
      },
    );
  };

  return (
    <AppModal
      opened={pending !== null}
      onClose={close}
      title={t(`contracts.confirm.${key}.title`, names)}
      testId="agent-contract-dialog"
    >
      {pending ? (
        <Stack gap="sm">
          <Text data-testid="agent-contract-dialog-summary">
            {t(`contracts.confirm.${key}.summary`, names)}
          </Text>
          <ContractTerms contract={pending.contract} symbol={symbol} />
          {mutation.isError ? (
            <Alert color="red" variant="light" role="alert" data-testid="agent-contract-dialog-error">
              {messageForApiError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={close}
              disabled={mutation.isPending}
              data-testid="agent-contract-dialog-cancel"
            >
              {t('contracts.cancel')}
            </Button>
            <Button
              color={pending.action === 'accept' ? undefined : 'red'}
              onClick={confirm}
              loading={mutation.isPending}
              data-testid="agent-contract-dialog-confirm"
            >
              {mutation.isError ? t('retry') : t(`contracts.confirm.${key}.button`)}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </AppModal>
  );
}
