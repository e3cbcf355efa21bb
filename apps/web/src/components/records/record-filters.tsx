import {
  type DateRange,
  type DateShortcut,
  dateRangeShortcut,
  daysInRange,
  RECORD_DATE_SHORTCUTS,
  RECORD_DEFAULT_SHORTCUT,
  RECORD_MAX_RANGE_DAYS,
} from '@lotus/shared/date-ranges';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import recordClasses from './records.module.css';

export type RangeError = 'rangeInvalid' | 'rangeOrder' | 'rangeTooLong';

/** Why a typed range cannot be asked for, or null (the server checks the same: 400 invalid_request). */
export function checkRange(range: DateRange): RangeError | null {
  const days = daysInRange(range.startDate, range.endDate);
  if (days === null) return 'rangeInvalid';
  if (days < 1) return 'rangeOrder';
  if (days > RECORD_MAX_RANGE_DAYS) return 'rangeTooLong';
  return null;
}

export type RecordRange = ReturnType<typeof useRecordRange>;

/**
 * The date range of a member-centre record (account record, betting record): typed, or chosen with the
 * SPEC §9 shortcuts, starting on the default shortcut. `validRange` is what a search asks for.
 */
export function useRecordRange(today: string) {
  const initial = dateRangeShortcut(RECORD_DEFAULT_SHORTCUT, today);
  const [range, setRange] = useState<DateRange>(initial);
  const [shortcut, setShortcut] = useState<DateShortcut | null>(RECORD_DEFAULT_SHORTCUT);
  const [rangeError, setRangeError] = useState<RangeError | null>(null);

  /** The range to search (the one given, else the typed one), or null once the form says why it cannot be. */
  const validRange = (next?: DateRange): DateRange | null => {
    const nextRange = next ?? range;
    const problem = checkRange(nextRange);
    setRangeError(problem);
    return problem ? null : nextRange;
  };

  const chooseShortcut = (name: DateShortcut): DateRange => {
    const chosen = dateRangeShortcut(name, today);
    setShortcut(name);
    setRange(chosen);
    return chosen;
  };

  const typeRange = (field: keyof DateRange, value: string) => {
    setShortcut(null);
    setRange({ ...range, [field]: value });
  };

  return { initial, range, shortcut, rangeError, validRange, chooseShortcut, typeRange };
}

type RecordFiltersProps = {
  dates: RecordRange;
  /** Asks for the records: with the shortcut's range, or (none) the typed one. */
  onSearch: (range?: DateRange) => void;
  /** The record's own filter (its type select), first in the row. */
  children: ReactNode;
  /** Test ids: `${testId}-start|end|search|range-error`, and `${shortcutTestId}-<name>` on each shortcut. */
  testId: string;
  shortcutTestId: string;
};

/** The filter form shared by the member-centre records: shortcuts, the record's filter, from / to, search. */
export function RecordFilters({ dates, onSearch, children, testId, shortcutTestId }: RecordFiltersProps) {
  const { t } = useTranslation('wallet');
  const { range, shortcut, rangeError } = dates;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('record.filters')}>
      <Stack gap="sm">
        <Group gap="xs" role="group" aria-label={t('record.shortcuts')}>
          {RECORD_DATE_SHORTCUTS.map((name) => (
            <Button
              key={name}
              size="compact-sm"
              radius="xl"
              variant={shortcut === name ? 'filled' : 'default'}
              aria-pressed={shortcut === name}
              onClick={() => onSearch(dates.chooseShortcut(name))}
              data-testid={`${shortcutTestId}-${name}`}
            >
              {t(`record.shortcut.${name}`)}
            </Button>
          ))}
        </Group>
        <div className={recordClasses.filters}>
          {children}
          <TextInput
            type="date"
            label={t('record.from')}
            value={range.startDate}
            max={range.endDate || undefined}
            onChange={(event) => dates.typeRange('startDate', event.currentTarget.value)}
            data-testid={`${testId}-start`}
          />
          <TextInput
            type="date"
            label={t('record.to')}
            value={range.endDate}
            min={range.startDate || undefined}
            onChange={(event) => dates.typeRange('endDate', event.currentTarget.value)}
            data-testid={`${testId}-end`}
          />
          <Button type="submit" data-testid={`${testId}-search`}>
            {t('record.search')}
          </Button>
        </div>
        {rangeError ? (
          <Text c="red" size="sm" role="alert" data-testid={`${testId}-range-error`}>
            {t(`validation.${rangeError}`, { days: RECORD_MAX_RANGE_DAYS })}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
