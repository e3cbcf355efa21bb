import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import type { TFunction } from '../i18n.ts';
import { type FieldError, fieldErrorMessage, fieldErrorOfMessage, fieldErrorText } from './field-error.ts';

/**
 * react-hook-form set up the way every rule-checked form behaves (registration, the password forms): a
 * field is checked when it loses focus and on submit; once it shows a problem it is checked again as the
 * player types (the message goes once fixed), and so is the confirmation when the password it confirms
 * changes. Focus stays where the player is.
 */
export function useRuleForm<Values extends FieldValues>({
  resolver,
  defaultValues,
  confirmOf = 'password',
}: {
  resolver: Resolver<Values>;
  defaultValues: DefaultValues<Values>;
  confirmOf?: string;
}) {
  const form = useForm<Values>({
    defaultValues,
    resolver,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    shouldFocusError: false,
  });

  const shown = (key: string) => form.getFieldState(key as Path<Values>).error !== undefined;
  const filled = (key: string) => {
    const value: unknown = form.getValues(key as Path<Values>);
    return typeof value === 'string' && value !== '';
  };

  /** After a change of `key`: the re-checks described above. */
  const recheck = (key: string) => {
    if (shown(key) && filled(key)) void form.trigger(key as Path<Values>);
    if (key === confirmOf && shown('confirmPassword') && filled('confirmPassword')) {
      void form.trigger('confirmPassword' as Path<Values>);
    }
  };

  return {
    form,
    /** `register` with the re-check, for plain inputs. */
    field: (key: string) => form.register(key as Path<Values>, { onChange: () => recheck(key) }),
    recheck,
    /** The text of a field's problem, or undefined. */
    errorText: (t: TFunction, key: string) =>
      fieldErrorText(t, fieldErrorOfMessage(form.formState.errors[key]?.message as string | undefined)) ??
      undefined,
    /** Puts a problem (a server answer) on a field. */
    setFieldError: (key: string, error: FieldError) =>
      form.setError(key as Path<Values>, { type: 'server', message: fieldErrorMessage(error) }),
  };
}

export type RuleForm<Values extends FieldValues = Record<string, string>> = ReturnType<
  typeof useRuleForm<Values>
>;
