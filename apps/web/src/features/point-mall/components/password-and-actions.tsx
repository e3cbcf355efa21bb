import { Button, Group, PasswordInput, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';

type PasswordAndActionsProps = {
  /** `points-redeem` or `points-convert`: the test ids' prefix. */
  prefix: string;
  password: string;
  onPassword: (value: string) => void;
  error: string | undefined;
  /** What the move comes to (total points, cash), read out when it changes. */
  outcome: string;
  onCancel: () => void;
};

/** The end of both points forms: the withdraw password, what the move comes to, Cancel and Continue. */
export function PasswordAndActions({
  prefix,
  password,
  onPassword,
  error,
  outcome,
  onCancel,
}: PasswordAndActionsProps) {
  const { t } = useTranslation('points');
  return (
    <>
      <PasswordInput
        label={t('redeem.password')}
        value={password}
        onChange={(event) => onPassword(event.currentTarget.value)}
        autoComplete="off"
        required
        error={error}
        data-testid={`${prefix}-password`}
        visibilityToggleButtonProps={{ 'aria-label': t('redeem.showPassword'), tabIndex: 0 }}
      />
      <Text fw={600} aria-live="polite" data-testid={`${prefix}-outcome`}>
        {outcome}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('redeem.cancel')}
        </Button>
        <Button type="submit" data-testid={`${prefix}-submit`}>
          {t('redeem.submit')}
        </Button>
      </Group>
    </>
  );
}
