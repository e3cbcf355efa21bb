import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatLongDateTime } from '../../../lib/date-time.ts';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { exclusionRefusalOf } from '../api/login-api.ts';
import type { ReopenRequest } from '../hooks/use-login-flow.ts';

type ExclusionRefusalProps = {
  /** The refused login's error (`403 account_excluded`, its value the exclusion's details). */
  error: unknown;
  /** How to ask to reopen with the same credentials; absent for a login that had none (remembered). */
  reopen: ReopenRequest | null;
};

/**
 * A login refused because the account is on a break or excluded (issue 17): when it ends, in the reader's
 * language, and — once a self-exclusion has ended — the request to reopen, then when it will reopen. Plain
 * words, no blame: the player chose this, or an operator did and customer service can say why. Loaded with
 * its texts (the `protection` namespace) only when a login meets the refusal (login-form.tsx).
 */
export function ExclusionRefusal({ error, reopen }: ExclusionRefusalProps) {
  const { t, i18n } = useTranslation('protection');
  const details = exclusionRefusalOf(error);
  const [busy, setBusy] = useState(false);
  const [reopensAt, setReopensAt] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  if (!details) return null;
  const date = (iso: string) => formatLongDateTime(iso, i18n.language);
  const until = reopensAt ?? details.reopensAt;

  let message: string;
  if (until) message = t('excluded.reopensAt', { date: date(until) });
  else if (details.reopenAvailable) message = t('excluded.reopenAvailable');
  else if (details.kind === 'operator')
    message = details.endsAt
      ? t('excluded.operatorUntil', { date: date(details.endsAt) })
      : t('excluded.operator');
  else message = t(`excluded.${details.kind}`, { date: details.endsAt ? date(details.endsAt) : '—' });

  const ask = async () => {
    if (!reopen || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      setReopensAt((await reopen()).reopensAt);
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert color="blue" variant="light" data-testid="login-excluded" data-kind={details.kind}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" data-testid="login-excluded-message">
          {message}
        </Text>
        {details.reopenAvailable && !until && reopen ? (
          <Button
            size="xs"
            variant="light"
            loading={busy}
            onClick={() => void ask()}
            data-testid="login-reopen"
          >
            {t('excluded.reopen')}
          </Button>
        ) : null}
        {details.reopenAvailable && !until && !reopen ? (
          <Text size="sm" data-testid="login-reopen-with-password">
            {t('excluded.reopenWithPassword')}
          </Text>
        ) : null}
        {failure ? (
          <Text size="sm" c="red" role="alert">
            {messageForApiError(t, failure)}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
