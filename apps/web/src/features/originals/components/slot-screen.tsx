import type { SlotHoldAndWin, SlotOutcome, SlotSpin, SlotTitle, SlotWaysWin } from '@lotus/games/types';
import type { OriginalsSession } from '@lotus/shared/originals.schema';
import { AUTOPLAY_MIN_INTERVAL_MS } from '@lotus/shared/originals.schema';
import { Badge, Button, Group, Modal, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useCountUp } from '../hooks/use-count-up.ts';
import { usePlayRound } from '../hooks/use-play-round.ts';
import { useReducedMotion, wait } from '../hooks/use-reduced-motion.ts';
import { useSlotSound } from '../hooks/use-slot-sound.ts';
import type { StudioSession } from '../hooks/use-studio-session.ts';
import { money } from '../utils/money.ts';
import { initialWindow, winningCells } from '../utils/slot-reels.ts';
import classes from './originals.module.css';
import { usePayText } from './round-result.tsx';
import { SlotHoldBoard } from './slot-hold-board.tsx';
import { SlotPaytable } from './slot-paytable.tsx';
import { MIN_SPIN_MS, SlotReels } from './slot-reels.tsx';
import { SlotWinLines } from './slot-win-lines.tsx';
import { SoundToggle } from './sound-toggle.tsx';
import { StudioFrame } from './studio-frame.tsx';

type SlotScreenProps = {
  session: OriginalsSession;
  studio: StudioSession;
  title: SlotTitle;
  gameName: string;
  /** Issue 22: the title feeds the progressive jackpot (its rules say so). */
  jackpot?: boolean;
  /** Issue 19: plays this promotion grant's free rounds (its fixed stake) while it has rounds left. */
  freeRoundGrantId?: string;
};

/** How long the reels take to drop a cascade's new window into the gaps. */
const CASCADE_DROP_MS = 450;

type ReelSpin = { id: number; stops: number[]; window: string[][]; durationMs?: number };

/** The bets of the title the session's limits allow (the title lists them; the brand may narrow them). */
export function allowedBets(
  title: SlotTitle,
  session: Pick<OriginalsSession, 'minBetMinor' | 'maxBetMinor'>,
) {
  const min = BigInt(session.minBetMinor);
  const max = BigInt(session.maxBetMinor);
  const inLimits = title.betsMinor.filter((bet) => BigInt(bet) >= min && BigInt(bet) <= max);
  return inLimits.length > 0 ? inLimits : title.betsMinor;
}

/**
 * One slot screen for every title: the reels stop one by one on the outcome's window, never sooner than
 * MIN_SPIN_MS after the click (with reduced motion too; there is no turbo, since it could not be faster),
 * winning lines are drawn over the reels, the win counts up, and free spins won in the round play out from
 * the outcome. Sound is off until the player turns it on. Autoplay never starts a
 * round sooner than AUTOPLAY_MIN_INTERVAL_MS after the previous one was answered (so after it started,
 * however long the request took to leave), and stops on any error.
 */
export function SlotScreen({
  session,
  studio,
  title,
  gameName,
  freeRoundGrantId,
  jackpot = false,
}: SlotScreenProps) {
  const { t } = useTranslation('originals');
  const reducedMotion = useReducedMotion();
  const round = usePlayRound(session, studio);
  const { play, busy, clearError, setLocalError } = round;
  // Free rounds: on while the grant has rounds (the server says which one each play took).
  const [freeOn, setFreeOn] = useState(freeRoundGrantId !== undefined);
  const [freeTaken, setFreeTaken] = useState<{ n: number; total: number; roundsLeft: number } | null>(null);
  const freeRef = useRef(freeOn);
  freeRef.current = freeOn;
  const payText = usePayText(session.currencySymbol);
  const bets = useMemo(() => allowedBets(title, session), [title, session]);
  const [bet, setBet] = useState(() => bets[0] ?? '0');
  const [spin, setSpin] = useState<ReelSpin>(() => ({
    id: 0,
    stops: title.reels.map(() => 0),
    window: initialWindow(title),
  }));
  const [shownSpin, setShownSpin] = useState<SlotSpin | null>(null);
  const [running, setRunning] = useState(false);
  const [win, setWin] = useState(0n);
  const [winKey, setWinKey] = useState(0);
  const [freeSpin, setFreeSpin] = useState<{ index: number; total: number } | null>(null);
  // Issue 22: the cascade being shown (its multiplier) and the hold-and-win feature's progress.
  const [cascade, setCascade] = useState<{ index: number; multiplier: number } | null>(null);
  // The ways wins of the spin shown so far (a cascade's later windows add theirs; the last one pays nothing).
  const [waysShown, setWaysShown] = useState<SlotWaysWin[]>([]);
  const [hold, setHold] = useState<{ feature: SlotHoldAndWin; step: number; betMinor: string } | null>(null);
  const [heldBalance, setHeldBalance] = useState<string | null>(null);
  const [autoplay, setAutoplay] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const shownWin = useCountUp(win, winKey, reducedMotion);
  const sound = useSlotSound();
  const [paytableOpen, setPaytableOpen] = useState(false);
  const { play: playSound } = sound;

  const stopped = useRef<(() => void) | null>(null);
  const onStopped = useCallback(() => {
    stopped.current?.();
    stopped.current = null;
  }, []);
  const autoplayRef = useRef(autoplay);
  autoplayRef.current = autoplay;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const balance = session.balanceMinor;
  const latest = useRef({ balance, bet });
  latest.current = { balance, bet };

  const showSpin = useCallback((next: SlotSpin, id: number, durationMs: number) => {
    const done = new Promise<void>((resolve) => {
      stopped.current = resolve;
    });
    setShownSpin(null);
    setSpin({ id, stops: next.stops, window: next.window, durationMs });
    return done;
  }, []);

  const runRound = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const { balance: balanceNow, bet: betNow } = latest.current;
    const free = freeRef.current && freeRoundGrantId !== undefined;
    if (!free && BigInt(balanceNow) < BigInt(betNow)) {
      setAutoplay(false);
      setLocalError('insufficient_funds');
      return;
    }
    setLocalError(null);
    // The 2.5 s minimum counts from here, the player's click (or autoplay's start of the round).
    const clickedAt = Date.now();
    playSound('spin');
    setRunning(true);
    setWin(0n);
    setFreeSpin(null);
    setCascade(null);
    setHold(null);
    setWaysShown([]);
    // A free round's stake is the grant's (the server replaces the bet's).
    const result = await play({ game: 'slot', betMinor: betNow }, free ? freeRoundGrantId : undefined);
    // The interval counts from the answer: the request left before it, however late (a timestamp taken
    // before `play` could precede the request by more than the next round's would: measured 2,493 ms apart).
    const answeredAt = Date.now();
    if (!mounted.current) return;
    if (!result) {
      setRunning(false);
      setAutoplay(false);
      // No rounds left (or not this player's grant): back to normal play.
      if (free) setFreeOn(false);
      return;
    }
    if (result.freeRound) {
      setFreeTaken(result.freeRound);
      if (result.freeRound.roundsLeft === 0) setFreeOn(false);
    }
    const outcome = result.round.outcome as unknown as SlotOutcome;
    // The balance waits for the animation: it shows the stake taken, then the win once it has been shown.
    setHeldBalance((BigInt(result.balanceMinor) - BigInt(outcome.totalPayMinor)).toString());
    const sequence = [outcome.base, ...outcome.freeSpins];
    let total = 0n;
    let id = Date.now();
    for (const [index, next] of sequence.entries()) {
      if (index > 0) {
        setFreeSpin({ index, total: outcome.freeSpins.length });
        await wait(reducedMotion ? 150 : 500);
        if (!mounted.current) return;
      }
      id += 1;
      // The paid spin lasts what is left of MIN_SPIN_MS since the click (the answer took some of it; with
      // motion, never less than a short scroll). Free spins are not clicked: they spin MIN_SPIN_MS each, or
      // appear at once with reduced motion (the pauses between them still space them out).
      const durationMs =
        index === 0
          ? Math.max(clickedAt + MIN_SPIN_MS - Date.now(), reducedMotion ? 0 : 1200)
          : reducedMotion
            ? 0
            : MIN_SPIN_MS;
      await showSpin(next, id, durationMs);
      if (!mounted.current) return;
      setShownSpin(next);
      setWaysShown(next.waysWins ?? []);
      const cascades = next.cascades ?? [];
      // A cascade title's spin pay includes its cascades: the first window's wins count up first.
      const firstPay = cascades.reduce((pay, k) => pay - BigInt(k.payMinor), BigInt(next.payMinor));
      const addWin = (pay: bigint) => {
        if (pay <= 0n) return;
        playSound('win');
        total += pay;
        setWin(total);
        setWinKey((key) => key + 1);
      };
      addWin(firstPay);
      // Cascades: the winning cells stay lit (they are what falls away), then the reels drop the new window.
      for (const [k, step] of cascades.entries()) {
        await wait(reducedMotion ? 250 : 800);
        if (!mounted.current) return;
        id += 1;
        setCascade({ index: k + 1, multiplier: step.multiplier });
        await showSpin({ ...next, window: step.window }, id, reducedMotion ? 0 : CASCADE_DROP_MS);
        if (!mounted.current) return;
        setShownSpin({ ...next, window: step.window, waysWins: step.waysWins, lineWins: [] });
        setWaysShown((shown) => [...shown, ...step.waysWins]);
        addWin(BigInt(step.payMinor));
      }
      // Hold and win: the triggering bonus symbols lock, then each respin lands more, from the outcome.
      const feature = index === 0 ? outcome.holdAndWin : undefined;
      if (feature) {
        await wait(reducedMotion ? 200 : 700);
        for (let step = 0; step <= feature.respins.length; step += 1) {
          if (!mounted.current) return;
          setHold({ feature, step, betMinor: outcome.betMinor });
          await wait(reducedMotion ? 150 : 650);
        }
        addWin(BigInt(feature.payMinor));
      }
      if (index === 0 && outcome.freeSpins.length > 0) {
        setAnnouncement(t('slot.freeSpinsWon', { count: outcome.freeSpins.length }));
      }
      if (index < sequence.length - 1) await wait(reducedMotion ? 200 : 900);
    }
    if (!mounted.current) return;
    setHeldBalance(null);
    setRunning(false);
    setAnnouncement(payText(outcome.totalPayMinor));
    if (autoplayRef.current && session.autoplayAllowed) {
      const delay = Math.max(0, answeredAt + AUTOPLAY_MIN_INTERVAL_MS - Date.now());
      timer.current = setTimeout(() => {
        if (autoplayRef.current && mounted.current) void runRound();
      }, delay);
    }
  }, [
    play,
    reducedMotion,
    payText,
    setLocalError,
    showSpin,
    t,
    freeRoundGrantId,
    playSound,
    session.autoplayAllowed,
  ]);

  const toggleAutoplay = (on: boolean) => {
    setAutoplay(on);
    autoplayRef.current = on;
    if (!on && timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    if (on && !running && !busy) void runRound();
  };

  const highlighted = useMemo(
    () => (shownSpin ? winningCells(title, shownSpin) : new Set<string>()),
    [shownSpin, title],
  );
  const symbolName = (id: string) => t(`symbols.${id}`, { defaultValue: id });
  const reelsLabel = spin.window
    .map((column, reel) =>
      t('slot.reelLabel', { reel: reel + 1, symbols: column.map(symbolName).join(', ') }),
    )
    .join('; ');

  const paytable = (
    <SlotPaytable title={title} betMinor={bet} currencySymbol={session.currencySymbol} jackpot={jackpot} />
  );
  const wildId = title.symbols.find((s) => s.kind === 'wild')?.id;

  return (
    <StudioFrame
      session={session}
      gameName={gameName}
      balanceMinor={heldBalance ?? balance}
      round={round}
      studio={studio}
      busy={running || busy}
      announcement={announcement}
      rules={paytable}
    >
      <div className={classes.stage}>
        <Stack gap="xs">
          <SlotReels
            title={title}
            spin={spin}
            highlighted={highlighted}
            reducedMotion={reducedMotion}
            onStopped={onStopped}
            onReelStop={() => playSound('stop')}
            label={reelsLabel}
            overlay={<SlotWinLines title={title} spin={shownSpin} reducedMotion={reducedMotion} />}
          />
          <Group justify="space-between" gap="xs" mih={28}>
            <Text size="sm" aria-hidden="true">
              {t('slot.win')}:{' '}
              <Text span fw={700} className={classes.winAmount} data-testid="slot-win">
                {money(shownWin, session.currencySymbol)}
              </Text>
            </Text>
            {freeSpin ? (
              <Badge color="grape" data-testid="free-spin-counter">
                {t('slot.freeSpin', { index: freeSpin.index, total: freeSpin.total })}
              </Badge>
            ) : null}
            {cascade ? (
              <Badge color="orange" data-testid="cascade-counter">
                {t('slot.cascade', { index: cascade.index, multiplier: cascade.multiplier })}
              </Badge>
            ) : null}
          </Group>
          {hold ? (
            <SlotHoldBoard
              title={title}
              hold={hold.feature}
              step={hold.step}
              betMinor={hold.betMinor}
              currencySymbol={session.currencySymbol}
            />
          ) : null}
          {waysShown.length > 0 ? (
            <Text size="xs" c="dimmed" data-testid="ways-wins">
              {waysShown
                .map((waysWin) =>
                  t('slot.waysWin', {
                    n: waysWin.count,
                    symbol: symbolName(waysWin.symbol === wildId ? 'wild' : waysWin.symbol),
                    count: waysWin.ways,
                    amount: money(waysWin.payMinor, session.currencySymbol),
                  }),
                )
                .join(' · ')}
            </Text>
          ) : null}
          {shownSpin && shownSpin.lineWins.length > 0 ? (
            <Text size="xs" c="dimmed" data-testid="line-wins">
              {shownSpin.lineWins
                .map((lineWin) =>
                  t('slot.lineWin', {
                    line: lineWin.line + 1,
                    n: lineWin.count,
                    symbol: symbolName(lineWin.symbol),
                    amount: money(lineWin.payMinor, session.currencySymbol),
                  }),
                )
                .join(' · ')}
            </Text>
          ) : null}
        </Stack>
      </div>
      <div className={classes.controls}>
        {freeRoundGrantId !== undefined ? (
          <Badge color="grape" size="lg" data-testid="free-round-counter" aria-live="polite">
            {freeTaken
              ? t(freeOn ? 'slot.freeRound' : 'slot.freeRoundsDone', {
                  n: freeTaken.n,
                  total: freeTaken.total,
                })
              : t(freeOn ? 'slot.freeRoundsReady' : 'slot.freeRoundsNone')}
          </Badge>
        ) : null}
        {freeOn ? null : (
          <NativeSelect
            label={t('bet')}
            value={bet}
            onChange={(event) => {
              setBet(event.currentTarget.value);
              clearError();
            }}
            disabled={running || autoplay}
            data={bets.map((value) => ({ value, label: money(value, session.currencySymbol) }))}
            data-testid="slot-bet"
          />
        )}
        <Button
          size="md"
          onClick={() => void runRound()}
          disabled={running || busy || autoplay}
          data-testid="spin"
        >
          {t('slot.spin')}
        </Button>
        <SoundToggle on={sound.on} onToggle={sound.toggle} />
        <Button
          variant="default"
          size="md"
          onClick={() => setPaytableOpen(true)}
          data-testid="slot-paytable-open"
        >
          {t('slot.paytable')}
        </Button>
        {/* The same paytable as the rules tab, over the game: a player reads the pays without scrolling away. */}
        <Modal
          opened={paytableOpen}
          onClose={() => setPaytableOpen(false)}
          title={t('slot.paytable')}
          size="lg"
        >
          {paytable}
        </Modal>
        {/* Issue 22: only where the brand's rules allow autoplay (off by default, as UK and Indian rules expect). */}
        {session.autoplayAllowed ? (
          <Switch
            label={t('slot.autoplay')}
            checked={autoplay}
            onChange={(event) => toggleAutoplay(event.currentTarget.checked)}
            data-testid="autoplay"
          />
        ) : null}
      </div>
    </StudioFrame>
  );
}
