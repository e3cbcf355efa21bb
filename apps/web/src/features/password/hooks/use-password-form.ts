import type { RegistrationFieldRule } from '@lotus/shared/system.schema';
import { useMemo, useState } from 'react';
import { fieldErrorOfApi } from '../../../lib/forms/field-error.ts';
import { ruleFormResolver } from '../../../lib/forms/rule-form-schema.ts';
import { useRuleForm } from '../../../lib/forms/use-rule-form.ts';
import { passwordFieldOfError, passwordFormSchema } from '../utils/password-rules.ts';

export type PasswordValues = Record<string, string>;

/**
 * A password form (change, forgot, reset): react-hook-form with the rule schema of `rules`, the sending
 * state, and the failure of the last call: on its field when the answer names one of the form's fields
 * (unless `failureOnField` is false), else above the button (kept as the error, translated at render).
 */
export function usePasswordForm(
  rules: Record<string, RegistrationFieldRule>,
  { failureOnField = true }: { failureOnField?: boolean } = {},
) {
  const resolver = useMemo(() => ruleFormResolver<PasswordValues>(passwordFormSchema(rules)), [rules]);
  const defaultValues = useMemo(
    () => Object.fromEntries(Object.keys(rules).map((key) => [key, ''])) as PasswordValues,
    [rules],
  );
  const ruleForm = useRuleForm<PasswordValues>({ resolver, defaultValues, confirmOf: 'newPassword' });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  /** The submit handler: checks the form, then runs `send` (one at a time) and shows its failure. */
  const onSubmit = (send: (values: PasswordValues) => Promise<void>) =>
    ruleForm.form.handleSubmit(async (values) => {
      if (sending) return;
      setSending(true);
      setFailure(null);
      try {
        await send(values);
      } catch (error) {
        const field = passwordFieldOfError(error);
        if (failureOnField && field !== null && field in rules)
          ruleForm.setFieldError(field, fieldErrorOfApi(error));
        else setFailure({ error });
      } finally {
        setSending(false);
      }
    });

  return { ...ruleForm, sending, failure, onSubmit };
}

export type PasswordForm = ReturnType<typeof usePasswordForm>;
