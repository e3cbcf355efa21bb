import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { dialingCodeOptions } from '../../lib/forms/dialing-codes.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';

type MobileNumberInputProps = {
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Translated message under the number. */
  error?: string | null | undefined;
  label: string;
  required: boolean;
  maxLength: number;
  testId: string;
};

/**
 * The dialing code picker and the number (docs/accounts-contract.md "Mobile numbers": digits only, the
 * code separate). Non-digits are dropped as they are typed, and the input never takes more than the
 * brand's maximum (SPEC §9: 11 at registration).
 */
export function MobileNumberInput({
  dialingCode,
  onDialingCodeChange,
  value,
  onChange,
  onBlur,
  error,
  label,
  required,
  maxLength,
  testId,
}: MobileNumberInputProps) {
  const { t } = useTranslation('register');
  const options = useMemo(() => dialingCodeOptions(), []);
  const known = options.some((option) => option.value === dialingCode);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NativeSelect
        aria-label={t('dialingCode')}
        label={t('dialingCode')}
        value={dialingCode}
        onChange={(event) => onDialingCodeChange(event.currentTarget.value)}
        data={known ? options : [{ value: dialingCode, label: dialingCode }, ...options]}
        w={110}
        data-testid={`${testId}-dialing-code`}
      />
      <TextInput
        style={{ flex: 1 }}
        label={label}
        required={required}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value.replace(/[^0-9]/g, '').slice(0, maxLength))}
        onBlur={onBlur}
        error={error || undefined}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={maxLength}
        data-testid={testId}
      />
    </Group>
  );
}
