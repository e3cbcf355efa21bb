import type { RegistrationFieldRule } from '@lotus/shared/system.schema';
import { PasswordInput, TextInput } from '@mantine/core';
import type { RuleForm } from '../../../lib/forms/use-rule-form.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { FormField } from '../utils/register-fields.ts';
import type { RegisterValues } from '../utils/register-schema.ts';

const AUTOCOMPLETE: Record<string, string> = {
  username: 'username',
  password: 'new-password',
  confirmPassword: 'new-password',
  paymentPassword: 'off',
  email: 'email',
  payeeName: 'name',
  fullName: 'name',
  nickname: 'nickname',
  birthday: 'bday',
  address: 'street-address',
};

function inputType(rule: RegistrationFieldRule): 'text' | 'email' | 'tel' | 'date' {
  if (rule.type === 'email' || rule.type === 'tel' || rule.type === 'date') return rule.type;
  return 'text';
}

/** The brand's generic fields in their order, each with its rule's bounds and type (SPEC §4 "Registration"). */
export function RegisterFieldList({ fields, rule }: { fields: FormField[]; rule: RuleForm<RegisterValues> }) {
  const { t } = useTranslation('register');
  return fields.map(({ key, rule: fieldRule }) => {
    const common = {
      label: t(`fields.${key}`, { defaultValue: key }),
      withAsterisk: fieldRule.required,
      ...rule.field(key),
      error: rule.errorText(t, key),
      maxLength: fieldRule.maxLength ?? undefined,
      minLength: fieldRule.minLength ?? undefined,
      autoComplete: AUTOCOMPLETE[key] ?? 'off',
      'data-testid': `register-field-${key}`,
    };
    return fieldRule.type === 'password' ? (
      <PasswordInput key={key} {...common} />
    ) : (
      <TextInput key={key} {...common} type={inputType(fieldRule)} />
    );
  });
}

/** The affiliate code, when SPEC §4 shows it (no URL code, or one that failed its check). */
export function RegisterAffiliateInput({
  affiliateRule,
  rule,
}: {
  affiliateRule: RegistrationFieldRule;
  rule: RuleForm<RegisterValues>;
}) {
  const { t } = useTranslation('register');
  return (
    <TextInput
      label={t('fields.affiliateCode', { defaultValue: 'affiliateCode' })}
      required={affiliateRule.required}
      {...rule.field('affiliateCode')}
      error={rule.errorText(t, 'affiliateCode')}
      maxLength={affiliateRule.maxLength ?? undefined}
      autoComplete="off"
      data-testid="register-field-affiliateCode"
    />
  );
}
