import { Alert } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** What a money action just did, as a status the player closes; nothing when there is no text. */
export function DismissibleNotice({
  text,
  onDismiss,
  testId,
}: {
  text: string | null;
  onDismiss: () => void;
  testId: string;
}) {
  const { t } = useTranslation('wallet');
  if (!text) return null;
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      withCloseButton
      closeButtonLabel={t('actions.dismiss')}
      onClose={onDismiss}
      data-testid={testId}
    >
      {text}
    </Alert>
  );
}
