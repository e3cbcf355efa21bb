import { checkFieldValue, requiredRuleFor } from '@lotus/shared/registration-rules';
import type { RegistrationFieldRule } from '@lotus/shared/system.schema';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { fieldInvalidDetails, fieldMessage, messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useRegisterSetting } from '../../../lib/system/get-register-setting.ts';
import { AGENT_KEYS } from '../api/agent-keys.ts';
import { registerDownline } from '../api/register-downline.ts';
import { SectionError, SectionLoading } from './section-state.tsx';

type Field = 'username' | 'password' | 'confirmPassword' | 'nickname';
type Errors = Partial<Record<Field, string>>;

/** The nickname's rule when the brand's form has none: optional, at most the column's 64 characters. */
const NICKNAME_FALLBACK: RegistrationFieldRule = {
  key: 'nickname',
  enabled: true,
  required: false,
  acceptedPattern: null,
  patternId: null,
  minLength: null,
  maxLength: 64,
  type: 'text',
};

/**
 * Register downline account: a player account under the agent, judged by the brand's registration rules
 * (the same `checkFieldValue` the server runs). The agent hands the username and password over; the new
 * account is not logged in here.
 */
export function RegisterDownlineSection() {
  const { t } = useTranslation('agents');
  const rules = useRegisterSetting();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    password: '',
    confirmPassword: '',
    nickname: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (rules.isPending) return <SectionLoading testId="agent-register-loading" />;
  if (rules.isError) {
    return (
      <SectionError
        message={messageForApiError(t, rules.error)}
        onRetry={() => void rules.refetch()}
        testId="agent-register-error"
      />
    );
  }
  const fields = rules.data.fields;
  const stored = fields.find((field) => field.key === 'nickname');
  const ruleOf: Record<Exclude<Field, 'confirmPassword'>, RegistrationFieldRule> = {
    username: requiredRuleFor(fields, 'username'),
    password: requiredRuleFor(fields, 'password'),
    nickname: stored?.enabled ? { ...stored, required: false } : NICKNAME_FALLBACK,
  };

  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next: Errors = {};
    for (const field of ['username', 'password', 'nickname'] as const) {
      const value = field === 'password' ? values[field] : values[field].trim();
      const message = fieldMessage(t, ruleOf[field], checkFieldValue(ruleOf[field], value));
      if (message) next[field] = message;
    }
    if (values.confirmPassword !== values.password) next.confirmPassword = t('register.mismatch');
    setErrors(next);
    setFailure(null);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      const nickname = values.nickname.trim();
      const result = await registerDownline({
        username: values.username.trim(),
        password: values.password,
        ...(nickname === '' ? {} : { nickname }),
      });
      setValues({ username: '', password: '', confirmPassword: '', nickname: '' });
      setDone(t('register.done', { username: result.username }));
      void queryClient.invalidateQueries({ queryKey: AGENT_KEYS.all });
    } catch (error) {
      const field = fieldInvalidDetails(error);
      const message = messageForApiError(t, error);
      if (field && (field.field === 'username' || field.field === 'password' || field.field === 'nickname')) {
        setErrors({ [field.field]: message });
      } else if (error instanceof Error && 'code' in error && error.code === 'username_taken') {
        setErrors({ username: message });
      } else {
        setFailure(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="agent-register-form">
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          {t('register.intro')}
        </Text>
        <DoneNotice
          text={done}
          testId="agent-register-done"
          onDismiss={() => setDone(null)}
          dismissLabel={t('dismiss')}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="agent-register-failure">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label={t('register.username')}
          value={values.username}
          onChange={set('username')}
          required
          autoComplete="off"
          error={errors.username}
          data-testid="agent-register-username"
        />
        <PasswordInput
          label={t('register.password')}
          value={values.password}
          onChange={set('password')}
          required
          autoComplete="new-password"
          error={errors.password}
          data-testid="agent-register-password"
          visibilityToggleButtonProps={{ 'aria-label': t('register.showPassword') }}
        />
        <PasswordInput
          label={t('register.confirmPassword')}
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          required
          autoComplete="new-password"
          error={errors.confirmPassword}
          data-testid="agent-register-confirm"
          visibilityToggleButtonProps={{ 'aria-label': t('register.showPassword') }}
        />
        <TextInput
          label={t('register.nickname')}
          value={values.nickname}
          onChange={set('nickname')}
          autoComplete="off"
          error={errors.nickname}
          data-testid="agent-register-nickname"
        />
        <div>
          <Button type="submit" loading={busy} data-testid="agent-register-submit">
            {t('register.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
