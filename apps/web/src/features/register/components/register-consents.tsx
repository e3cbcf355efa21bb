import { Anchor, Checkbox } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { RuleForm } from '../../../lib/forms/use-rule-form.ts';
import type { RegisterValues } from '../utils/register-schema.ts';

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
      <Controller
        control={rule.form.control}
        name="agreeTerms"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            checked={field.value === true}
            onChange={(event) => {
              field.onChange(event.currentTarget.checked);
              if (event.currentTarget.checked) rule.form.clearErrors('agreeTerms');
            }}
            error={errors.agreeTerms ? t('validation:agreement_required') : undefined}
            data-testid="register-agree-terms"
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
        )}
      />
      <Controller
        control={rule.form.control}
        name="confirmAge"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            checked={field.value === true}
            onChange={(event) => {
              field.onChange(event.currentTarget.checked);
              if (event.currentTarget.checked) rule.form.clearErrors('confirmAge');
            }}
            error={errors.confirmAge ? t('validation:age_required', { age: minimumAge }) : undefined}
            label={t('agreeAge', { age: minimumAge })}
            data-testid="register-confirm-age"
          />
        )}
      />
    </>
  );
}
