import { JACKPOT_DIGIT_HEIGHT } from '@lotus/shared/constants';
import { Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useJackpotPot } from '../hooks/use-jackpot-pot.ts';
import { useJackpotValue } from '../hooks/use-jackpot-value.ts';
import { formatJackpot, jackpotParts } from '../utils/jackpot-value.ts';
import classes from './jackpot-counter.module.css';

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

type JackpotCounterProps = {
  currencySymbol: string;
  /** The realtime socket is open (a signed-in player): pushes keep the pot current instead of polling. */
  live: boolean;
};

/**
 * SPEC §2 home jackpot counter, showing the brand's real progressive jackpot (issue 19, docs/jackpot.md):
 * the pot is fetched once and then follows the socket's pushes; rolling digit columns, 78 px a digit on wide
 * screens, moved with CSS transforms, roll between the real values. Screen readers get the figure once as a
 * label; the region is not live, so the pot's frequent changes are not read out again and again. While
 * loading the columns are empty; with no jackpot running it says so; if the pot cannot be read the home page
 * simply goes without it (the counter is not worth an error box on the first screen).
 */
export function JackpotCounter({ currencySymbol, live }: JackpotCounterProps) {
  const { t, i18n } = useTranslation('content');
  const { jackpot, isPending, isError } = useJackpotPot(live);
  const value = useJackpotValue(jackpot ? Number(jackpot.potMinor) : null);
  const locale = i18n.language;
  if (isError) return null;
  const name = jackpot ? (locale.startsWith('hi') ? jackpot.nameHi : jackpot.nameEn) : t('jackpot.title');
  const parts = value === null ? [] : jackpotParts(value, locale);
  const digitCount = parts.length;

  return (
    <section className={classes.counter} aria-labelledby="jackpot-title" data-testid="jackpot-counter">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="jackpot-title" className={classes.heading}>
          {name}
        </Title>
        {!isPending && !jackpot ? (
          <Text size="sm" className={classes.note} data-testid="jackpot-empty">
            {t('jackpot.empty')}
          </Text>
        ) : (
          <div
            aria-live="off"
            aria-busy={isPending}
            data-testid="jackpot-value"
            data-code={jackpot?.code}
            data-value-minor={value ?? undefined}
          >
            {value === null ? null : (
              <VisuallyHidden>
                {t('jackpot.label', { name, value: `${currencySymbol} ${formatJackpot(value, locale)}` })}
              </VisuallyHidden>
            )}
            <div
              className={classes.display}
              style={{ '--jackpot-digit-height': `${JACKPOT_DIGIT_HEIGHT}px` } as CSSProperties}
              aria-hidden="true"
            >
              <span className={`${classes.symbol} ${classes.currency}`}>{currencySymbol}</span>
              {parts.map((part, index) =>
                part.kind === 'digit' ? (
                  // A column is its place counted from the right: a new leading digit must not make every
                  // column re-render from 0 and roll again.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity here.
                  <span key={`d${digitCount - index}`} className={classes.column}>
                    <span className={classes.strip} style={{ '--digit': part.digit } as CSSProperties}>
                      {DIGITS.map((digit) => (
                        <span key={digit}>{digit}</span>
                      ))}
                    </span>
                  </span>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity here.
                  <span key={`s${digitCount - index}`} className={classes.symbol}>
                    {part.text}
                  </span>
                ),
              )}
            </div>
          </div>
        )}
        <Text size="sm" className={classes.note}>
          {t('jackpot.note')}
        </Text>
      </Stack>
    </section>
  );
}
