import type { LotteryGameDetail } from '@lotus/shared/lottery.schema';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { betSpecOf, oddsText } from '../utils/bet-specs.ts';
import classes from './lottery.module.css';

/** The game's bet types from its odds list, each with its odds; only the ones this page can pick. */
export function LotteryBetTypePicker({
  game,
  value,
  onChange,
}: {
  game: LotteryGameDetail;
  value: string | null;
  onChange: (betType: string) => void;
}) {
  const { t } = useTranslation('lottery');
  const offered = game.odds.filter((odds) => betSpecOf(game.family, odds.betType) !== null);
  return (
    <Stack gap={6}>
      <Text fw={600} id="lottery-bet-types">
        {t('bet.betType')}
      </Text>
      <fieldset className={classes.strip} aria-labelledby="lottery-bet-types">
        {offered.map((odds) => (
          <Button
            key={odds.betType}
            variant={odds.betType === value ? 'filled' : 'default'}
            aria-pressed={odds.betType === value}
            onClick={() => onChange(odds.betType)}
            data-testid={`lottery-bet-type-${odds.betType}`}
            h="auto"
            py={6}
          >
            <Stack gap={0} align="center">
              <span>{t(`betTypes.${odds.betType}`, { defaultValue: odds.betType })}</span>
              <Text component="span" fz="xs" opacity={0.8}>
                {t('bet.odds', { odds: oddsText(odds.odds1e4) })}
              </Text>
            </Stack>
          </Button>
        ))}
      </fieldset>
    </Stack>
  );
}
