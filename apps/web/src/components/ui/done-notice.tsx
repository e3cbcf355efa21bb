import { Alert } from '@mantine/core';

/**
 * What a form just did ("Your withdrawal was sent"), in a polite live region that is always in the page,
 * so a screen reader announces the text when it appears. With `onDismiss` (and its label) it has a close
 * button, for notices that stay while the person goes on using the same screen.
 */
export function DoneNotice({
  text,
  testId,
  onDismiss,
  dismissLabel,
}: {
  text: string | null;
  testId: string;
  onDismiss?: () => void;
  dismissLabel?: string;
}) {
  return (
    <div aria-live="polite" role="status">
      {text ? (
        <Alert
          color="green"
          variant="light"
          data-testid={testId}
          withCloseButton={onDismiss !== undefined}
          closeButtonLabel={dismissLabel}
          onClose={onDismiss}
        >
          {text}
        </Alert>
      ) : null}
    </div>
  );
}
