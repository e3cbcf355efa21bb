import type { RouletteBet, RouletteBetKind, RouletteOutcome } from '@lotus/games/types';
import type { OriginalsSession } from '@lotus/shared/originals.schema';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { BetRack } from '../../../components/games/bet-rack.tsx';
import { RouletteBoard, type RouletteSpot } from '../../../components/games/roulette-board.tsx';
import { addBet, betKey, colourOf } from '../../../components/games/roulette-layout.ts';
import { useChipBets } from '../../../components/games/use-chip-bets.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { usePlayRound } from '../hooks/use-play-round.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { useResultStrip } from '../hooks/use-result-strip.ts';
import type { StudioSession } from '../hooks/use-studio-session.ts';
import { money } from '../utils/money.ts';
import classes from './originals.module.css';
import { RouletteWheel } from './roulette-wheel.tsx';
import { ResultStrip, RoundResult, usePayText } from './round-result.tsx';
import { StudioFrame } from './studio-frame.tsx';
import tableClasses from './table-games.module.css';

type RouletteScreenProps = { session: OriginalsSession; studio: StudioSession; gameName: string };

/**
 * European roulette: the wheel, the shared layout (components/games/roulette-board.tsx: every bet, by
 * pointer on its line or crossing or by the bet-kind picker) and the spin.
 */
export function RouletteScreen({ session, studio, gameName }: RouletteScreenProps) {
  const { t } = useTranslation('originals');
  const reducedMotion = useReducedMotion();
  const round = usePlayRound(session, studio);
  const { play, busy, clearError, setLocalError } = round;
  const slip = useChipBets<RouletteBet>(session);
  const { chip, bets } = slip;
  const payText = usePayText(session.currencySymbol);
  const [spinning, setSpinning] = useState(false);
  const [spin, setSpin] = useState<{ id: number; outcome: RouletteOutcome | null; roundId: string | null }>({
    id: 0,
    outcome: null,
    roundId: null,
  });
  const [shown, setShown] = useState<RouletteOutcome | null>(null);
  const [heldBalance, setHeldBalance] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const strip = useResultStrip(session.sessionToken, spinning ? spin.roundId : null);

  const place = (bet: RouletteSpot) => {
    setLocalError(null);
    clearError();
    slip.change((current) => addBet(current, { ...bet, amountMinor: chip }));
    setAnnouncement(
      t('roulette.placed', {
        bet: describe(bet.kind, bet.numbers),
        amount: money(chip, session.currencySymbol),
      }),
    );
  };

  const describe = (kind: RouletteBetKind, numbers: number[]) =>
    `${t(`roulette.kinds.${kind}`)}${numbers.length > 0 && numbers.length <= 6 ? ` ${numbers.join('-')}` : ''}`;

  // The wheel keeps its latest onStopped, so this need not be a stable callback.
  const onStopped = () => {
    setSpinning(false);
    // The round is over: its bets become the last round's (for rebet) and the table is empty again.
    slip.settle();
    setShown(spin.outcome);
    setHeldBalance(null);
    const outcome = spin.outcome;
    if (!outcome) return;
    setAnnouncement(
      `${t('roulette.result', { pocket: outcome.pocket, colour: t(`roulette.colours.${outcome.colour}`) })} ${payText(
        outcome.totalPayMinor,
      )}`,
    );
  };

  /** Plays `toPlay` (the table, or the last round's bets for Repeat): the first time any bet is placed. */
  const spinWheel = async (toPlay: RouletteBet[] = bets) => {
    if (toPlay.length === 0) {
      setLocalError('bet_invalid');
      return;
    }
    setLocalError(null);
    setSpinning(true);
    setShown(null);
    const result = await play({ game: 'roulette', bets: toPlay });
    if (!result) {
      setSpinning(false);
      return;
    }
    const outcome = result.round.outcome as unknown as RouletteOutcome;
    setHeldBalance((BigInt(result.balanceMinor) - BigInt(outcome.totalPayMinor)).toString());
    setSpin((current) => ({ id: current.id + 1, outcome, roundId: result.round.roundId }));
  };

  const chipOf = (spot: RouletteSpot) => {
    const key = betKey(spot);
    const bet = bets.find((b) => betKey(b) === key);
    return bet
      ? { mark: money(bet.amountMinor, ''), label: betText(bet), repeated: slip.isRepeated(bet) }
      : null;
  };
  /** A bet's amount in words, "(repeated)" when Rebet put it there. */
  const betText = (bet: RouletteBet) =>
    `${money(bet.amountMinor, session.currencySymbol)}${slip.isRepeated(bet) ? ` (${t('repeated')})` : ''}`;

  return (
    <StudioFrame
      session={session}
      gameName={gameName}
      balanceMinor={heldBalance ?? session.balanceMinor}
      round={round}
      studio={studio}
      busy={spinning || busy}
      announcement={announcement}
      rules={<Text size="sm">{t('roulette.rules')}</Text>}
    >
      <div className={tableClasses.rouletteLayout}>
        <div className={`${classes.stage} ${tableClasses.wheelColumn}`}>
          <RouletteWheel
            pocket={spin.outcome?.pocket ?? null}
            spinId={spin.id}
            reducedMotion={reducedMotion}
            onStopped={onStopped}
            label={
              shown
                ? t('roulette.result', {
                    pocket: shown.pocket,
                    colour: t(`roulette.colours.${shown.colour}`),
                  })
                : t('roulette.wheel')
            }
          />
          <Stack gap="xs" style={{ minWidth: 0 }}>
            {shown ? (
              <RoundResult
                text={t('roulette.result', {
                  pocket: shown.pocket,
                  colour: t(`roulette.colours.${shown.colour}`),
                })}
                payMinor={shown.totalPayMinor}
                currencySymbol={session.currencySymbol}
                testId="roulette-result"
                data={{ 'data-pocket': shown.pocket }}
              />
            ) : null}
            <ResultStrip
              label={t('roulette.lastResults')}
              rounds={strip}
              game="roulette"
              badge={(outcome) => {
                const pocket = Number(outcome.pocket);
                return { text: pocket, colour: colourOf(pocket) };
              }}
            />
          </Stack>
        </div>
        <div className={tableClasses.playColumn}>
          <RouletteBoard
            onBet={place}
            onInvalid={() => setLocalError('bet_invalid')}
            onAnnounce={setAnnouncement}
            chipOf={chipOf}
            disabled={spinning}
            hit={shown?.pocket ?? null}
          />
          {bets.length > 0 ? (
            <Text size="xs" data-testid="bet-slip">
              {bets.map((bet) => `${describe(bet.kind, bet.numbers)}: ${betText(bet)}`).join(' · ')}
            </Text>
          ) : null}
          <BetRack
            slip={slip}
            currencySymbol={session.currencySymbol}
            locked={spinning}
            repeat={{
              label: t('roulette.repeat'),
              onRepeat: () => {
                slip.rebet();
                void spinWheel(slip.lastBets);
              },
            }}
          >
            <Button
              size="md"
              onClick={() => void spinWheel()}
              disabled={spinning || busy || bets.length === 0}
              data-testid="spin"
            >
              {t('roulette.spin')}
            </Button>
          </BetRack>
        </div>
      </div>
    </StudioFrame>
  );
}
