import { JACKPOT_DIGIT_HEIGHT } from '@lotus/shared/constants';
import { Badge, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useJackpotValue } from '../hooks/use-jackpot-value.ts';
import { formatJackpot, jackpotParts } from '../utils/jackpot-value.ts';
import classes from './jackpot-counter.module.css';

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

type JackpotCounterProps = { currencySymbol: string };

/**
 * SPEC §2 home jackpot counter: rolling digit columns, 78 px a digit on wide screens, moved with CSS
 * transforms. It is labelled as an illustrative display on screen (no prize pool stands behind it yet).
 * Screen readers get the figure once as a label; the region is not live, so the 3-second steps are not
 * read out again and again.
 */
export function JackpotCounter({ currencySymbol }: JackpotCounterProps) {
  const { t, i18n } = useTranslation('content');
  const value = useJackpotValue();
  const locale = i18n.language;
  const parts = jackpotParts(value, locale);
  const digitCount = parts.length;

  return (
    <section className={classes.counter} aria-labelledby="jackpot-title" data-testid="jackpot-counter">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id="jackpot-title" className={classes.heading}>
            {t('jackpot.title')}
          </Title>
          <Badge className={classes.badge} variant="filled" data-testid="jackpot-illustrative">
            {t('jackpot.illustrative')}
          </Badge>
        </Group>
        <div aria-live="off" data-testid="jackpot-value" data-value-minor={value}>
          <VisuallyHidden>
            {t('jackpot.label', { value: `${currencySymbol} ${formatJackpot(value, locale)}` })}
          </VisuallyHidden>
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
        <Text size="sm" className={classes.note}>
          {t('jackpot.note')}
        </Text>
      </Stack>
    </section>
  );
}
