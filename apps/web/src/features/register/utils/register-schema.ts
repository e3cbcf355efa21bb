import type { FieldError } from '../../../lib/forms/field-error.ts';
import { ruleFormSchema } from '../../../lib/forms/rule-form-schema.ts';
import { type FormLayout, layoutRules } from './register-fields.ts';

/** What the register form holds: every field's text, and the two consents. */
export type RegisterValues = Record<string, string | boolean>;

/**
 * The register form's schema for one layout (SPEC §5 "Registration"): every field the layout shows, by the
 * brand's rule (ruleFormSchema), and the terms and the age, which must both be ticked.
 */
export function registerSchema(layout: FormLayout) {
  return ruleFormSchema(layoutRules(layout), {
    more: (values) => {
      const problems: [string, FieldError][] = [];
      if (values.agreeTerms !== true)
        problems.push(['agreeTerms', { kind: 'code', code: 'agreement_required' }]);
      if (values.confirmAge !== true) problems.push(['confirmAge', { kind: 'code', code: 'birthday_limit' }]);
      return problems;
    },
  });
}

/** The form's empty state: no text anywhere, nothing ticked. */
export function emptyRegisterValues(keys: Iterable<string>): RegisterValues {
  const values: RegisterValues = { agreeTerms: false, confirmAge: false };
  for (const key of keys) values[key] = '';
  return values;
}
