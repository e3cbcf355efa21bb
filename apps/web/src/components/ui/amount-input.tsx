import { Text, TextInput, type TextInputProps } from '@mantine/core';

type AmountInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  /** The typed text, kept as text: it is parsed by `decimalToMinor`, never through a float. */
  onValue: (text: string) => void;
  /** Shown before the figure when given. */
  symbol?: string;
  'data-testid'?: string;
  'data-autofocus'?: boolean;
};

/** A money amount field: a decimal keypad on phones, no autofill of old amounts. */
export function AmountInput({ value, onValue, symbol, ...rest }: AmountInputProps) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection={symbol !== undefined ? <Text size="sm">{symbol}</Text> : undefined}
      value={value}
      onChange={(event) => onValue(event.currentTarget.value)}
      {...rest}
    />
  );
}
