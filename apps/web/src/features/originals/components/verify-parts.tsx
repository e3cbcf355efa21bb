import { Alert, Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './originals.module.css';

/** One check of a verification (hash, outcome, payout, prize): nothing when it was not asked. */
export function Check({
  ok,
  yes,
  no,
  testId,
}: {
  ok: boolean | null;
  yes: string;
  no: string;
  testId: string;
}) {
  if (ok === null) return null;
  return (
    <Badge color={ok ? 'teal' : 'red'} variant="light" data-testid={testId} data-ok={ok}>
      {ok ? yes : no}
    </Badge>
  );
}

/**
 * A seeded draw's two checks (raffle ticket, lottery draw): SHA-256(seed) against the published hash, then
 * what the seed gives against what was paid or published. `prefix` names the hash check's test id.
 */
export function SeedChecks({
  prefix,
  hashOk,
  check,
}: {
  prefix: string;
  hashOk: boolean | null;
  check: { ok: boolean | null; yes: string; no: string; testId: string };
}) {
  const { t } = useTranslation('originals');
  return (
    <>
      <Check ok={hashOk} yes={t('verify.hashOk')} no={t('verify.hashBad')} testId={`${prefix}hash-check`} />
      <Check {...check} />
    </>
  );
}

/** The recomputed SHA-256 of the seed, as the player compares it with the one published. */
export function ComputedHash({ label, hash, testId }: { label: string; hash: string; testId: string }) {
  return (
    <>
      <Text size="xs">{label}</Text>
      <Code block className={classes.mono} data-testid={testId}>
        {hash}
      </Code>
    </>
  );
}

export function SubmitRow({ label, testId }: { label: string; testId: string }) {
  return (
    <Group>
      <Button type="submit" data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}

/**
 * Where a verification answers (announced to screen readers): nothing before a check, else the recomputed
 * hash, the checks and what was recomputed, or the problem. `prefix` names the test ids (`''` for a round,
 * `'raffle-'` for a raffle ticket).
 */
export function VerifyResultRegion({
  prefix,
  state,
  hashLabel,
  checks,
  children,
}: {
  prefix: string;
  /** null before the first check; the computed hash when it ran; `{ problem }` when it could not. */
  state: null | { computedHash: string } | { problemText: string };
  hashLabel: string;
  checks?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div aria-live="polite" data-testid={`${prefix}verify-result`}>
      {state === null ? null : 'computedHash' in state ? (
        <Stack gap="xs">
          <ComputedHash label={hashLabel} hash={state.computedHash} testId={`${prefix}computed-hash`} />
          <Group gap="xs">{checks}</Group>
          {children}
        </Stack>
      ) : (
        <Alert color="red" variant="light" role="alert" data-testid={`${prefix}verify-problem`}>
          {state.problemText}
        </Alert>
      )}
    </div>
  );
}
