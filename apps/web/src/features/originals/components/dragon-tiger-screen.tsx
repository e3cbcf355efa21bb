import type { DragonTigerBet, DragonTigerOutcome, DragonTigerSide } from '@lotus/games/types';
import type { OriginalsSession } from '@lotus/shared/originals.schema';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { cardText, PlayingCard, useCardName } from '../../../components/games/playing-card.tsx';
import { useChipBets } from '../../../components/games/use-chip-bets.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useMountedRef } from '../../../lib/use-mounted-ref.ts';
import { usePlayRound } from '../hooks/use-play-round.ts';
import { useReducedMotion, wait } from '../hooks/use-reduced-motion.ts';
import { useResultStrip } from '../hooks/use-result-strip.ts';
import type { StudioSession } from '../hooks/use-studio-session.ts';
import { money } from '../utils/money.ts';
import classes from './originals.module.css';
import { ResultStrip, RoundResult, usePayText } from './round-result.tsx';
import { StudioFrame } from './studio-frame.tsx';
import { PlayRack, SpotButton } from './table-controls.tsx';

const SIDES: DragonTigerSide[] = ['dragon', 'tie', 'tiger'];

type DragonTigerScreenProps = { session: OriginalsSession; studio: StudioSession; gameName: string };

/** Dragon Tiger: chips on dragon / tie / tiger, one card to each side dealt face down and flipped, winner lit. */
export function DragonTigerScreen({ session, studio, gameName }: DragonTigerScreenProps) {
  const { t } = useTranslation('originals');
  const reducedMotion = useReducedMotion();
  const round = usePlayRound(session, studio);
  const { play, busy, clearError, setLocalError } = round;
  const slip = useChipBets<DragonTigerBet>(session);
  const { chip, bets } = slip;
  const payText = usePayText(session.currencySymbol);
  const [dealing, setDealing] = useState<{ roundId: string; outcome: DragonTigerOutcome } | null>(null);
  const [flipped, setFlipped] = useState({ dragon: false, tiger: false });
  const [shown, setShown] = useState<DragonTigerOutcome | null>(null);
  const [heldBalance, setHeldBalance] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const strip = useResultStrip(session.sessionToken, dealing?.roundId ?? null);
  const mounted = useMountedRef();
  const cardName = useCardName();

  const stakeOn = (side: DragonTigerSide) => bets.find((b) => b.side === side) ?? null;
  const placeOn = (side: DragonTigerSide) => {
    setLocalError(null);
    clearError();
    slip.change((current) =>
      current.some((b) => b.side === side)
        ? current.map((b) =>
            b.side === side ? { ...b, amountMinor: (BigInt(b.amountMinor) + BigInt(chip)).toString() } : b,
          )
        : [...current, { side, amountMinor: chip }],
    );
    setAnnouncement(
      t('dt.placed', { side: t(`dt.sides.${side}`), amount: money(chip, session.currencySymbol) }),
    );
  };

  /** Deals `toPlay` (the table, or the last round's bets for Repeat): the first time any bet is placed. */
  const deal = async (toPlay: DragonTigerBet[] = bets) => {
    setLocalError(null);
    setShown(null);
    setFlipped({ dragon: false, tiger: false });
    const result = await play({ game: 'dragon-tiger', bets: toPlay });
    if (!result || !mounted.current) return;
    const outcome = result.round.outcome as unknown as DragonTigerOutcome;
    setHeldBalance((BigInt(result.balanceMinor) - BigInt(outcome.totalPayMinor)).toString());
    setDealing({ roundId: result.round.roundId, outcome });
    const pause = reducedMotion ? 0 : 600;
    await wait(pause);
    if (!mounted.current) return;
    setFlipped({ dragon: true, tiger: false });
    await wait(pause);
    if (!mounted.current) return;
    setFlipped({ dragon: true, tiger: true });
    await wait(reducedMotion ? 0 : 550);
    if (!mounted.current) return;
    setShown(outcome);
    setDealing(null);
    // The round is over: its bets become the last round's (for rebet) and the table is empty again.
    slip.settle();
    setHeldBalance(null);
    setAnnouncement(
      `${t('dt.result', {
        dragon: cardText(outcome.dragon),
        tiger: cardText(outcome.tiger),
        winner: t(`dt.sides.${outcome.winner}`),
      })} ${payText(outcome.totalPayMinor)}`,
    );
  };

  const current = dealing?.outcome ?? shown;
  const inPlay = dealing !== null || busy;

  return (
    <StudioFrame
      session={session}
      gameName={gameName}
      balanceMinor={heldBalance ?? session.balanceMinor}
      round={round}
      studio={studio}
      busy={inPlay}
      announcement={announcement}
      rules={<Text size="sm">{t('dt.rules')}</Text>}
    >
      <div className={classes.stage}>
        <Stack gap="xs">
          <div className={classes.dtTable}>
            {(['dragon', 'tiger'] as const).map((side, index) => (
              <div
                key={side}
                className={classes.side}
                style={{ gridColumn: index === 0 ? 1 : 3 }}
                data-winner={shown && shown.winner === side ? true : undefined}
                data-testid={`dt-side-${side}`}
              >
                <Text fw={700}>{t(`dt.sides.${side}`)}</Text>
                <PlayingCard
                  rank={current ? current[side].rank : null}
                  suit={current ? current[side].suit : null}
                  faceUp={flipped[side]}
                  testId={`dt-card-${side}`}
                  label={
                    current && flipped[side]
                      ? t('dt.cardOf', {
                          side: t(`dt.sides.${side}`),
                          card: cardName(current[side].rank, current[side].suit),
                        })
                      : t('dt.cardDown', { side: t(`dt.sides.${side}`) })
                  }
                />
              </div>
            ))}
            <Text
              style={{ gridColumn: 2, gridRow: 1 }}
              fw={700}
              c={shown?.winner === 'tie' ? 'yellow' : 'dimmed'}
              data-testid="dt-vs"
            >
              {shown?.winner === 'tie' ? t('dt.sides.tie') : t('dt.vs')}
            </Text>
          </div>
          {shown ? (
            <RoundResult
              text={t('dt.winner', { winner: t(`dt.sides.${shown.winner}`) })}
              payMinor={shown.totalPayMinor}
              currencySymbol={session.currencySymbol}
              testId="dt-result"
              data={{ 'data-winner': shown.winner }}
            />
          ) : null}
          <ResultStrip
            label={t('dt.lastResults')}
            rounds={strip}
            game="dragon-tiger"
            badge={(outcome) => {
              const winner = String(outcome.winner) as DragonTigerSide;
              return {
                text: t(`dt.short.${winner}`),
                colour: winner === 'dragon' ? 'red' : winner === 'tiger' ? 'black' : undefined,
                title: t(`dt.sides.${winner}`),
              };
            }}
          />
        </Stack>
      </div>
      <div className={classes.betSpots}>
        {SIDES.map((side) => {
          const bet = stakeOn(side);
          return (
            <SpotButton
              key={side}
              label={t(`dt.sides.${side}`)}
              pays={t(`dt.pays.${side}`)}
              colour={side === 'dragon' ? 'red' : side === 'tiger' ? 'dark' : 'yellow'}
              amountMinor={bet?.amountMinor ?? null}
              repeated={bet !== null && slip.isRepeated(bet)}
              currencySymbol={session.currencySymbol}
              disabled={inPlay}
              onPlace={() => placeOn(side)}
              testId={`dt-bet-${side}`}
            />
          );
        })}
      </div>
      <PlayRack
        slip={slip}
        currencySymbol={session.currencySymbol}
        locked={inPlay}
        onPlay={(toPlay) => void deal(toPlay)}
        playLabel={t('dt.deal')}
        repeatLabel={t('dt.repeat')}
      />
    </StudioFrame>
  );
}
