import {
  type DateRange,
  type DateShortcut,
  dateRangeShortcut,
  daysInRange,
  RECORD_DATE_SHORTCUTS,
  RECORD_MAX_RANGE_DAYS,
  todayUtc,
} from '@lotus/shared/date-ranges';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** The range a report starts on: the last 7 days, like the account record. */
export function defaultRange(today: string = todayUtc()): DateRange {
  return dateRangeShortcut('last7', today);
}

/**
 * The date range of an agent report: shortcuts (today, yesterday, last 7 / 30 days) and a from–to pair
 * checked here as the server checks it (start ≤ end, at most 92 days), so a wrong range never leaves the
 * browser. `extra` puts a report's own filters (game type, downline, kind…) in the same form, so one
 * "Show" applies them all. Ids are `${testId}-from`, `-to`, `-apply`, `-range-error`, `-<shortcut>`.
 */
export function RangeFilter({
  range,
  onApply,
  testId,
  extra,
}: {
  range: DateRange;
  /** A valid range was chosen; the report applies its own filters' drafts at the same time. */
  onApply: (range: DateRange) => void;
  testId: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('agents');
  const [draft, setDraft] = useState(range);
  const [error, setError] = useState<string | null>(null);

  const apply = (next: DateRange) => {
    const days = daysInRange(next.startDate, next.endDate);
    if (days === null || days < 1) {
      setError(t('transfers.badRange'));
      return;
    }
    if (days > RECORD_MAX_RANGE_DAYS) {
      setError(t('transfers.tooLong', { days: RECORD_MAX_RANGE_DAYS }));
      return;
    }
    setError(null);
    setDraft(next);
    onApply(next);
  };
  const shortcut = (name: DateShortcut) => apply(dateRangeShortcut(name, todayUtc()));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  return (
    <>
      <Group gap="xs" role="group" aria-label={t('transfers.shortcuts')}>
        {RECORD_DATE_SHORTCUTS.map((name) => (
          <Button
            key={name}
            size="compact-sm"
            variant="default"
            onClick={() => shortcut(name)}
            data-testid={`${testId}-${name}`}
          >
            {t(`transfers.shortcut.${name}`)}
          </Button>
        ))}
      </Group>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            type="date"
            label={t('transfers.from')}
            value={draft.startDate}
            onChange={(event) => {
              const startDate = event.currentTarget.value;
              setDraft((old) => ({ ...old, startDate }));
            }}
            data-testid={`${testId}-from`}
          />
          <TextInput
            type="date"
            label={t('transfers.to')}
            value={draft.endDate}
            onChange={(event) => {
              const endDate = event.currentTarget.value;
              setDraft((old) => ({ ...old, endDate }));
            }}
            data-testid={`${testId}-to`}
          />
          {extra}
          <Button type="submit" variant="default" data-testid={`${testId}-apply`}>
            {t('transfers.apply')}
          </Button>
        </Group>
        {error ? (
          <Text size="sm" c="red" role="alert" mt="xs" data-testid={`${testId}-range-error`}>
            {error}
          </Text>
        ) : null}
      </form>
    </>
  );
}
