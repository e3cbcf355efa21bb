import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { moneyText } from '../../lib/money/money.ts';

const CHIP_MULTIPLES = [1n, 5n, 10n, 50n, 100n, 500n];

/** Chip values for a table: multiples of its minimum bet up to its maximum (at least the minimum). */
export function chipValues(minBetMinor: string, maxBetMinor: string): string[] {
  const min = BigInt(minBetMinor) > 0n ? BigInt(minBetMinor) : 1n;
  const max = BigInt(maxBetMinor);
  const values = CHIP_MULTIPLES.map((m) => min * m).filter((v) => v <= max);
  return (values.length > 0 ? values : [min]).map(String);
}

/** A chip's face: whole amounts without the ".00" (₹10, ₹5,000), as chips are printed. */
export function chipLabel(minor: string, currencySymbol: string): string {
  return moneyText(minor, currencySymbol).replace(/\.00$/, '');
}

type ChipSelectorProps = {
  chips: string[];
  value: string;
  onChange: (value: string) => void;
  currencySymbol: string;
};

/** The chip the next click places: a radio group, so arrows move between chips from the keyboard. */
export function ChipSelector({ chips, value, onChange, currencySymbol }: ChipSelectorProps) {
  const { t } = useTranslation('originals');
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} id="chip-label">
        {t('chip')}
      </Text>
      {/* A narrow frame scrolls the chips sideways rather than squeezing their amounts. */}
      <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
        <SegmentedControl
          aria-labelledby="chip-label"
          size="xs"
          value={value}
          onChange={onChange}
          data={chips.map((chip) => ({ value: chip, label: chipLabel(chip, currencySymbol) }))}
          data-testid="chip-selector"
        />
      </div>
    </Stack>
  );
}
