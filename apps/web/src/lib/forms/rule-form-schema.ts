import { zodResolver } from '@hookform/resolvers/zod';
import type { RegistrationFieldRule } from '@lotus/shared/system.schema';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { checkRules } from './field-checks.ts';
import { type FieldError, fieldErrorMessage } from './field-error.ts';

/**
 * The schema of a form whose fields the brand's rules decide (registration, the password forms): each
 * field is checked by `checkRules`, i.e. by `checkFieldValue` of `@lotus/shared/registration-rules`, the
 * function the server runs on the same rules, plus the confirmation equality. The rules are data from the
 * server (GET /wps/system/setting/register), so the schema is built from them at run time. Each message is
 * a FieldError (fieldErrorMessage), turned into text in the language on show.
 */
export function ruleFormSchema(
  rules: ReadonlyMap<string, RegistrationFieldRule>,
  options: {
    /** The field `confirmPassword` must equal. */
    confirmOf?: string;
    /** Further problems of the form (the registration's terms and age), added to the rule checks. */
    more?: (values: Readonly<Record<string, unknown>>) => Iterable<[string, FieldError]>;
  } = {},
) {
  return z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
    for (const [key, problem] of checkRules(rules, values, options.confirmOf)) {
      const error: FieldError =
        problem === 'mismatch'
          ? { kind: 'mismatch' }
          : { kind: 'check', rule: rules.get(key) as RegistrationFieldRule, check: problem };
      ctx.addIssue({ code: 'custom', path: [key], message: fieldErrorMessage(error) });
    }
    for (const [key, error] of options.more?.(values) ?? []) {
      ctx.addIssue({ code: 'custom', path: [key], message: fieldErrorMessage(error) });
    }
  });
}

/** The react-hook-form resolver of such a schema; the submit handler receives the values as typed. */
export function ruleFormResolver<Values extends FieldValues>(
  schema: ReturnType<typeof ruleFormSchema>,
): Resolver<Values> {
  return zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<Values>;
}
