import { Anchor, Checkbox } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { RuleForm } from '../../../lib/forms/use-rule-form.ts';
import { Trans, useTranslation } from '../../../lib/i18n-react.tsx';
import type { RegisterValues } from '../utils/register-schema.ts';

type ConsentName = 'agreeTerms' | 'confirmAge';

/** One consent checkbox: ticking it clears its message (shown on submit only). */
function ConsentCheckbox({
  rule,
  name,
  label,
  error,
  testId,
}: {
  rule: RuleForm<RegisterValues>;
  name: ConsentName;
  label: ReactNode;
  error: string | undefined;
  testId: string;
}) {
  return (
    <Controller
      control={rule.form.control}
      name={name}
      render={({ field }) => (
        <Checkbox
          ref={field.ref}
          checked={field.value === true}
          onChange={(event) => {
            field.onChange(event.currentTarget.checked);
            if (event.currentTarget.checked) rule.form.clearErrors(name);
          }}
          error={error}
          label={label}
          data-testid={testId}
        />
      )}
    />
  );
}

/**
 * The terms and the age checkboxes (SPEC §4): both must be ticked; ticking one clears its message, and
 * their messages show on submit only.
 */
export function RegisterConsents({
  rule,
  minimumAge,
}: {
  rule: RuleForm<RegisterValues>;
  minimumAge: number;
}) {
  const { t } = useTranslation('register');
  const { errors } = rule.form.formState;
  return (
    <>
      <ConsentCheckbox
        rule={rule}
        name="agreeTerms"
        error={errors.agreeTerms ? t('validation:agreement_required') : undefined}
        testId="register-agree-terms"
        label={
          <Trans
            t={t}
            i18nKey="agreeTerms"
            components={{
              terms: <Anchor href="/page/terms" target="_blank" rel="noopener" inherit />,
              privacy: <Anchor href="/page/privacy" target="_blank" rel="noopener" inherit />,
            }}
          />
        }
      />
      <ConsentCheckbox
        rule={rule}
        name="confirmAge"
        error={errors.confirmAge ? t('validation:age_required', { age: minimumAge }) : undefined}
        testId="register-confirm-age"
        label={t('agreeAge', { age: minimumAge })}
      />
    </>
  );
}
