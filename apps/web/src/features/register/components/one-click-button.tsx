import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHumanCheck } from '../../../lib/forms/use-human-check.ts';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useCompleteLogin } from '../../../lib/session/use-session.ts';
import { registerSettingQueryOptions } from '../../../lib/system/get-register-setting.ts';
import { registerOneClick } from '../api/register-api.ts';
import { generatePassword } from '../utils/generate-password.ts';

type OneClickButtonProps = {
  /** An invitation code already checked by the register form (a register link's code). */
  affiliateCode?: string | undefined;
};

// A brand without a password rule still gets a sound password: letters and digits, 6–20.
const FALLBACK_PASSWORD_RULE = {
  enabled: true,
  required: true,
  acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
  minLength: 6,
  maxLength: 20,
};

/**
 * One-click registration (docs/accounts-contract.md "Registration"): the browser makes a 12-character
 * password that passes the brand's password rule, the server makes the username; the player is logged in
 * and shown both once (OneClickResultModal, opened through the auth modal store). The password lives only
 * in memory until that modal closes.
 */
export function OneClickButton({ affiliateCode }: OneClickButtonProps = {}) {
  const { t } = useTranslation('register');
  const queryClient = useQueryClient();
  const humanCheck = useHumanCheck();
  const completeLogin = useCompleteLogin();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    if (working) return;
    setWorking(true);
    setError(null);
    try {
      const setting = await queryClient.fetchQuery(registerSettingQueryOptions());
      const rule = setting.fields.find((field) => field.key === 'password');
      const password = generatePassword(rule?.enabled ? rule : FALLBACK_PASSWORD_RULE);
      const humanVerification = await humanCheck();
      const result = await registerOneClick({
        password,
        humanVerification,
        ...(affiliateCode ? { affiliateCode } : {}),
      });
      await completeLogin(result, { method: 'one_click' });
      // After completeLogin: it closes whichever account modal was open, this one replaces it.
      openAuthModal({ kind: 'oneClickResult', username: result.username, password });
    } catch (failure) {
      setError(messageForApiError(t, failure));
      setWorking(false);
    }
  };

  return (
    <Stack gap={4}>
      <Button variant="light" fullWidth onClick={run} loading={working} data-testid="one-click-register">
        {t('oneClick.button')}
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        {working ? t('oneClick.working') : t('oneClick.hint')}
      </Text>
      {error ? (
        <Text size="sm" c="red" role="alert" ta="center" data-testid="one-click-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
