import { ODDS_FORMATS, type OddsFormat } from '@lotus/shared/sportsbook.schema';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useOddsFormat } from '../hooks/use-odds-format.ts';

/** The odds format preference (decimal, fractional, Indian, Malay), kept in this browser. */
export function OddsFormatPicker() {
  const { t } = useTranslation('sports');
  const { format, setFormat } = useOddsFormat();
  return (
    <NativeSelect
      size="xs"
      aria-label={t('format.label')}
      value={format}
      onChange={(event) => setFormat(event.currentTarget.value as OddsFormat)}
      data={ODDS_FORMATS.map((value) => ({ value, label: t(`format.${value}`) }))}
      data-testid="sports-odds-format"
    />
  );
}
