import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { BetSlipState } from '../hooks/use-bet-slip.ts';
import { type BetSpec, entrySelection, gridSelection, quickPick } from '../utils/bet-specs.ts';
import classes from './lottery.module.css';

type Props = { betType: string; spec: BetSpec; slip: BetSlipState };

/** A grid value's label: numbers as they are, words (big, odd, dragon…) in the player's language. */
function useValueLabel() {
  const { t } = useTranslation('lottery');
  return (value: string) => (/^[0-9]+$/.test(value) ? value : t(`choices.${value}`, { defaultValue: value }));
}

/**
 * Picks one bet type's selections into the slip. One-value bets: each tap adds (or removes) a line. Several
 * values (xiên, 11x5 pick k, keno spots): taps collect them and the k-th one adds the combined line. Typed
 * numbers (3 càng, 4D, 6D): an entry of exactly the bet's digits. Quick pick adds a random valid line.
 * The parent keys it by bet type, so a new bet type starts a fresh pick.
 */
export function LotterySelectionPicker({ betType, spec, slip }: Props) {
  const { t } = useTranslation('lottery');
  const label = useValueLabel();
  const positions = spec.kind === 'grid' ? spec.positions : undefined;
  const [position, setPosition] = useState<string | undefined>(positions?.[0]);
  const [pending, setPending] = useState<string[]>([]);
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState(false);

  const add = (selection: string) => slip.toggle({ betType, selection });
  const quick = () => {
    const selection = quickPick(spec);
    if (!slip.has({ betType, selection })) add(selection);
  };
  const tapMany = (value: string, pick: number) => {
    const next = pending.includes(value) ? pending.filter((v) => v !== value) : [...pending, value];
    if (next.length === pick) {
      add(gridSelection(next));
      setPending([]);
    } else setPending(next);
  };
  const submitEntry = () => {
    if (spec.kind !== 'entry') return;
    const selection = entrySelection(entry, spec.width);
    setEntryError(selection === null);
    if (selection !== null && !slip.has({ betType, selection })) add(selection);
    if (selection !== null) setEntry('');
  };

  return (
    <Stack gap="sm" data-testid="lottery-picker" data-bet-type={betType}>
      {positions ? (
        <fieldset className={classes.strip} aria-label={t('bet.positions')}>
          {positions.map((p) => (
            <Button
              key={p}
              size="compact-sm"
              variant={p === position ? 'filled' : 'default'}
              aria-pressed={p === position}
              onClick={() => setPosition(p)}
              data-testid={`lottery-position-${p}`}
            >
              {t('bet.position', { n: p.slice(1) })}
            </Button>
          ))}
        </fieldset>
      ) : null}
      {spec.kind === 'grid' && spec.pick > 1 ? (
        <Text fz="sm" c="dimmed" aria-live="polite">
          {t('bet.pickCount', { count: spec.pick })} ·{' '}
          {t('bet.picked', { picked: pending.length, count: spec.pick })}
        </Text>
      ) : null}
      {spec.kind === 'grid' ? (
        <fieldset
          className={`${classes.grid} ${spec.values.some((v) => !/^[0-9]+$/.test(v)) ? classes.wide : ''}`}
          aria-label={t('bet.numbers')}
        >
          {spec.values.map((value) => {
            const selection = spec.pick > 1 ? value : gridSelection([value], position);
            const pressed = spec.pick > 1 ? pending.includes(value) : slip.has({ betType, selection });
            return (
              <button
                key={value}
                type="button"
                className={classes.cell}
                aria-pressed={pressed}
                onClick={() => (spec.pick > 1 ? tapMany(value, spec.pick) : add(selection))}
                data-testid={`lottery-pick-${selection}`}
              >
                {label(value)}
              </button>
            );
          })}
        </fieldset>
      ) : (
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('bet.entryLabel', { width: spec.width })}
            value={entry}
            onChange={(event) => setEntry(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submitEntry();
            }}
            inputMode="numeric"
            maxLength={spec.width}
            error={entryError ? t('bet.entryInvalid', { width: spec.width }) : undefined}
            data-testid="lottery-entry-input"
            ff="monospace"
          />
          <Button onClick={submitEntry} data-testid="lottery-entry-add">
            {t('bet.entryAdd')}
          </Button>
        </Group>
      )}
      <Button
        variant="light"
        onClick={quick}
        data-testid="lottery-quick-pick"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('bet.quickPick')}
      </Button>
    </Stack>
  );
}
