import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';

type FormFooterProps = {
  /** The last save's failure, shown as an alert above the buttons. */
  failure: string | null;
  saveLabel: string;
  saving: boolean;
  onCancel: () => void;
  /** `payout-add` → `payout-add-error` and `payout-add-submit`. */
  testId: string;
};

/** The end of a security-centre form: its failure, then Save (submits the form) and Cancel. */
export function FormFooter({ failure, saveLabel, saving, onCancel, testId }: FormFooterProps) {
  const { t } = useTranslation('security');
  return (
    <>
      {failure ? (
        <Alert color="red" variant="light" role="alert" data-testid={`${testId}-error`}>
          {failure}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button type="submit" loading={saving} data-testid={`${testId}-submit`}>
          {saveLabel}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t('cancel')}
        </Button>
      </Group>
    </>
  );
}
