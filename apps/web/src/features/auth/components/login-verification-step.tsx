import type { LoginChallenge, LoginResult, LoginVerificationMethod } from '@lotus/shared/auth.schema';
import { Alert, Anchor, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { SmsCodeButton } from '../../../components/forms/sms-code-button.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { sendVerificationCode, verifyLogin } from '../api/login-api.ts';

type LoginVerificationStepProps = {
  challenge: LoginChallenge;
  onVerified: (result: LoginResult) => Promise<void>;
  onBack: () => void;
};

/**
 * SPEC §4 "A login from an unregistered IP triggers extra verification": the player picks one of the
 * methods the server offered (docs/accounts-contract.md "New IP"), asks for a code (SMS, e-mail) or types
 * the bank account holder's name, and the verified answer is the login result.
 */
export function LoginVerificationStep({ challenge, onVerified, onBack }: LoginVerificationStepProps) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<LoginVerificationMethod>(challenge.methods[0]?.method ?? 'payee_name');
  const [code, setCode] = useState('');
  const [payeeName, setPayeeName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const usesCode = method === 'sms' || method === 'email';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    const answer = usesCode ? code.trim() : payeeName.trim();
    if (answer === '') {
      setFieldError(t(usesCode ? 'validation:code_required' : 'validation:payee_name_required'));
      return;
    }
    setFieldError(null);
    setSubmitting(true);
    try {
      const result = await verifyLogin({
        challengeId: challenge.challengeId,
        method,
        ...(usesCode ? { code: answer } : { payeeName: answer }),
      });
      await onVerified(result);
    } catch (error) {
      setFailure(messageForApiError(t, error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="login-verification">
      <Stack gap="sm">
        <Text fw={600}>{t('verification.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('verification.intro')}
        </Text>
        <Radio.Group
          label={t('verification.methodsLabel')}
          value={method}
          onChange={(value) => {
            setMethod(value as LoginVerificationMethod);
            setFieldError(null);
            setFailure(null);
          }}
        >
          <Stack gap="xs" mt={4}>
            {challenge.methods.map((entry) => (
              <Radio
                key={entry.method}
                value={entry.method}
                label={t(`verification.method_${entry.method}`, { hint: entry.hint ?? '' })}
                data-testid={`verification-method-${entry.method}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {usesCode ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('verification.code')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.replace(/[^0-9]/g, ''))}
              error={fieldError || undefined}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              data-testid="verification-code"
            />
            <SmsCodeButton
              key={method}
              testId="verification-send"
              send={() => sendVerificationCode(challenge.challengeId, method as 'sms' | 'email')}
            />
          </Group>
        ) : (
          <TextInput
            label={t('verification.payeeName')}
            value={payeeName}
            onChange={(event) => setPayeeName(event.currentTarget.value)}
            error={fieldError || undefined}
            autoComplete="off"
            maxLength={128}
            required
            data-testid="verification-payee-name"
          />
        )}
        <div aria-live="assertive">
          {failure ? (
            <Alert color="red" variant="light" data-testid="verification-error">
              {failure}
            </Alert>
          ) : null}
        </div>
        <Button type="submit" loading={submitting} fullWidth data-testid="verification-submit">
          {t('verification.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          {t('verification.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
