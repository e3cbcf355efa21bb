import { Alert } from '@mantine/core';

/**
 * What a form just did ("Your withdrawal was sent"), in a polite live region that is always in the page,
 * so a screen reader announces the text when it appears.
 */
export function DoneNotice({ text, testId }: { text: string | null; testId: string }) {
  return (
    <div aria-live="polite" role="status">
      {text ? (
        <Alert color="green" variant="light" data-testid={testId}>
          {text}
        </Alert>
      ) : null}
    </div>
  );
}
