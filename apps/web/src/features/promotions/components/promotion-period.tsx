import { Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { periodParts } from '../utils/format-period.ts';

/** "2026-01-01 – 2026-03-31", "From …", "Until …" or "Ongoing", as the promotion's ends allow. */
export function PromotionPeriod({ startAt, endAt }: { startAt: string | null; endAt: string | null }) {
  const { t } = useTranslation('content');
  const { start, end } = periodParts(startAt, endAt);
  const text =
    start && end
      ? t('promotions.period.between', { start, end })
      : start
        ? t('promotions.period.from', { start })
        : end
          ? t('promotions.period.until', { end })
          : t('promotions.period.ongoing');
  return (
    <Text size="sm" c="dimmed" data-testid="promotion-period">
      {text}
    </Text>
  );
}
