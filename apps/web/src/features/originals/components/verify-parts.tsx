import { Badge, Button, Code, Group, Text } from '@mantine/core';
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
