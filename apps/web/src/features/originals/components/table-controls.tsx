import { Button, Stack, Text } from '@mantine/core';
import { BetRack } from '../../../components/games/bet-rack.tsx';
import type { ChipBets } from '../../../components/games/use-chip-bets.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { money } from '../utils/money.ts';
import tableClasses from './table-games.module.css';

type SpotButtonProps = {
  label: string;
  pays: string;
  colour: string;
  /** The chips on the spot now, or null. */
  amountMinor: string | null;
  /** Put there by rebet and untouched since: drawn as repeated. */
  repeated: boolean;
  currencySymbol: string;
  disabled: boolean;
  onPlace: () => void;
  testId: string;
  won?: boolean;
};

/** A bet spot of a table game (dragon tiger, sic bo, baccarat, andar bahar): its name, pay and the chips on it. */
export function SpotButton(props: SpotButtonProps) {
  const { t } = useTranslation('originals');
  const { amountMinor, repeated } = props;
  return (
    <Button
      variant={amountMinor ? (repeated ? 'outline' : 'filled') : 'default'}
      color={props.colour}
      onClick={props.onPlace}
      disabled={props.disabled}
      data-testid={props.testId}
      data-won={props.won || undefined}
      data-repeated={repeated || undefined}
      h="auto"
      py={6}
      px={4}
    >
      <Stack gap={0} align="center">
        <span>{props.label}</span>
        <Text size="xs">{props.pays}</Text>
        {amountMinor ? (
          <Text size="xs" fw={700}>
            {money(amountMinor, props.currencySymbol)}
          </Text>
        ) : null}
        {repeated ? <span className={tableClasses.repeatedLabel}>{t('repeated')}</span> : null}
      </Stack>
    </Button>
  );
}

type PlayRackProps<B extends { amountMinor: string }> = {
  slip: ChipBets<B>;
  currencySymbol: string;
  locked: boolean;
  /** Plays the bets given (the table's, or the last round's for rebet-and-play). */
  onPlay: (bets?: B[]) => void;
  playLabel: string;
  repeatLabel: string;
};

/** The bet rack with the button that plays the round, and rebet-and-play (the last round's bets at once). */
export function PlayRack<B extends { amountMinor: string }>(props: PlayRackProps<B>) {
  const { slip, locked, onPlay } = props;
  return (
    <BetRack
      slip={slip}
      currencySymbol={props.currencySymbol}
      locked={locked}
      repeat={{
        label: props.repeatLabel,
        onRepeat: () => {
          slip.rebet();
          onPlay(slip.lastBets);
        },
      }}
    >
      <Button
        size="md"
        onClick={() => onPlay()}
        disabled={locked || slip.bets.length === 0}
        data-testid="deal"
      >
        {props.playLabel}
      </Button>
    </BetRack>
  );
}
