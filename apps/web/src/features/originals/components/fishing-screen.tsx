import {
  captureProbability,
  FISHING_TITLES,
  type FishingTitle,
  fishSpecies,
  isFishingTitleCode,
  SCENE_HEIGHT,
  SCENE_WIDTH,
  sceneOf,
} from '@lotus/games/fishing/index';
import { toNumber } from '@lotus/games/rational';
import type { FishingBatch, FishingSceneState } from '@lotus/shared/fishing.schema';
import type { OriginalsSession } from '@lotus/shared/originals.schema';
import { ActionIcon, Alert, Button, Group, Loader, Table, Text, useComputedColorScheme } from '@mantine/core';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { originalsApi } from '../api/originals-api.ts';
import { useFishingBatches } from '../hooks/use-fishing-batches.ts';
import { useSlotSound } from '../hooks/use-slot-sound.ts';
import type { StudioSession } from '../hooks/use-studio-session.ts';
import { FishingRenderer, PALETTES } from '../utils/fishing-renderer.ts';
import { money } from '../utils/money.ts';
import classes from './originals.module.css';
import { SoundToggle } from './sound-toggle.tsx';
import { StudioFrame } from './studio-frame.tsx';

/** At most this many shots a second while the trigger is held (the batch takes 50). */
const FIRE_INTERVAL_MS = 200;
/** A capture worth this many bullets or more gets the big burst. */
const BIG_WIN = 30;
/** One arrow key press turns the cannon this far (radians, about 3°). */
const AIM_STEP = 0.05;

/** Where a pointer event is in scene units. */
function scenePoint(event: PointerEvent<HTMLCanvasElement>) {
  const rect = event.currentTarget.getBoundingClientRect();
  return {
    x: ((event.clientX - rect.left) / rect.width) * SCENE_WIDTH,
    y: ((event.clientY - rect.top) / rect.height) * SCENE_HEIGHT,
  };
}

type FishingScreenProps = { session: OriginalsSession; studio: StudioSession; gameName: string };

/** The rules tab, generated from the title's own species and the maths (nothing typed by hand). */
function FishingRules({ title, language }: { title: FishingTitle; language: string }) {
  const { t } = useTranslation('fishing');
  const rtp = `${(toNumber(title.exactRtp) * 100).toFixed(2)} %`;
  return (
    <>
      <Text size="sm" mb="xs">
        {t('rules', { rtp })}
      </Text>
      <Table fz="sm" data-testid="fishing-rules">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.fish')}</Table.Th>
            <Table.Th>{t('table.pays')}</Table.Th>
            <Table.Th>{t('table.chance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {title.species.map((s) => {
            const pays =
              s.kind === 'golden'
                ? t('golden')
                : s.kind === 'bomb'
                  ? t('bomb')
                  : `×${s.multipliers[0]?.multiplier ?? 0}`;
            return (
              <Table.Tr key={s.code}>
                <Table.Td>{language === 'hi' ? s.names.hi : s.names.en}</Table.Td>
                <Table.Td>{pays}</Table.Td>
                <Table.Td>{(toNumber(captureProbability(s)) * 100).toFixed(2)} %</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        {t('rtp', { rtp })}
      </Text>
    </>
  );
}

/**
 * A fishing title (docs/fishing.md "The screen"): the session's scene on a canvas, a cannon aimed by
 * pointer, tap or arrow keys, bullets whose cost the player picks, shots queued and settled once a second.
 */
export function FishingScreen({ session, studio, gameName }: FishingScreenProps) {
  const { t, i18n } = useTranslation('fishing');
  const scheme = useComputedColorScheme('light');
  const sound = useSlotSound();
  const code = session.gameCode;
  const title = isFishingTitleCode(code) ? FISHING_TITLES[code] : null;
  const [scene, setScene] = useState<FishingSceneState | null>(null);
  const [sceneError, setSceneError] = useState<string | null>(null);
  const [bulletIndex, setBulletIndex] = useState(0);
  const [stats, setStats] = useState({ shots: 0, captures: 0, wonMinor: 0n });
  const [announcement, setAnnouncement] = useState('');
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const renderer = useRef<FishingRenderer | null>(null);
  /** performance.now() + offset = the scene's time (set from the server's answer). */
  const offset = useRef(0);
  const trigger = useRef({ held: false, point: null as { x: number; y: number } | null, last: 0 });
  const bullets = scene?.bulletsMinor ?? [];
  const bullet = bullets[Math.min(bulletIndex, bullets.length - 1)] ?? null;
  const bulletRef = useRef(bullet);
  bulletRef.current = bullet;

  // Once per session (studio is a new object each render; its expire is stable).
  const expire = studio.expire;
  useEffect(() => {
    let cancelled = false;
    originalsApi.fishingScene(session.sessionToken).then(
      (answer) => {
        if (cancelled) return;
        offset.current = answer.sceneMs - performance.now();
        setScene(answer);
      },
      (error: unknown) => {
        if (cancelled) return;
        const code = error instanceof ApiError ? error.code : 'unknown_error';
        if (code === 'session_expired') expire();
        setSceneError(code);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [session.sessionToken, expire]);

  const onBatch = useCallback(
    (batch: FishingBatch) => {
      const now = Math.floor(performance.now() + offset.current);
      let captures = 0;
      let won = 0n;
      let lastFish = '';
      for (const shot of batch.shots) {
        if (!shot.captured) continue;
        captures += 1;
        won += BigInt(shot.payoutMinor);
        const species = fishSpecies(shot.target);
        lastFish = species ? (i18n.language === 'hi' ? species.names.hi : species.names.en) : shot.target;
        renderer.current?.capture(
          [shot.fishId, ...shot.caughtIds],
          now,
          `+${money(shot.payoutMinor, session.currencySymbol)}`,
          shot.multiplier >= BIG_WIN,
        );
      }
      setStats((s) => ({
        shots: s.shots + batch.shots.length,
        captures: s.captures + captures,
        wonMinor: s.wonMinor + won,
      }));
      if (captures > 0) {
        sound.play('win');
        const amount = money(won, session.currencySymbol);
        setAnnouncement(
          captures === 1
            ? t('captured', { fish: lastFish, amount })
            : t('capturedMany', { count: captures, amount }),
        );
      }
    },
    [i18n.language, session.currencySymbol, sound, t],
  );

  const batches = useFishingBatches({
    session,
    studio,
    windowMs: scene?.windowMs ?? 1000,
    maxShots: scene?.maxShots ?? 50,
    onBatch,
  });
  const fireRef = useRef(batches.fire);
  fireRef.current = batches.fire;
  const soundRef = useRef(sound.play);
  soundRef.current = sound.play;

  /** One shot at the fish under `point` (or along the cannon's aim): queued, and a bullet flies. */
  const fireOnce = useCallback((point: { x: number; y: number } | null) => {
    const r = renderer.current;
    const b = bulletRef.current;
    if (!r || !b) return;
    const t = Math.floor(performance.now() + offset.current);
    const target = point ? r.target(t, point) : r.target(t);
    if (!target) return;
    const at = r.positionOf(target.id, t);
    if (!at) return;
    if (!fireRef.current({ fishId: target.id, bulletMinor: b, at: t })) return;
    if (point) r.aimAt(at.x, at.y);
    r.fire(at.x, at.y);
    soundRef.current('stop');
  }, []);

  // The renderer and the frame loop: made once the scene and the canvas exist.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!scene || !title || !canvas) return;
    // Opaque: the sea covers every pixel, so the compositor need not blend the canvas.
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) return;
    const r = new FishingRenderer(ctx, sceneOf(title, scene.seed), PALETTES[scheme]);
    renderer.current = r;
    const fit = () => {
      // At most 1.5 device pixels per CSS pixel: a phone's 3× screen would fill four times the pixels of
      // 1.5× every frame for edges the eye barely tells apart at this size (measured: docs/fishing.md).
      const ratio = Math.min(window.devicePixelRatio || 1, 1.5);
      const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
      canvas.width = width;
      canvas.height = Math.round((width * SCENE_HEIGHT) / SCENE_WIDTH);
      r.resize(width, PALETTES[scheme]);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    let frame = 0;
    const tick = () => {
      const now = performance.now() + offset.current;
      const held = trigger.current;
      if (held.held && now - held.last >= FIRE_INTERVAL_MS) {
        held.last = now;
        fireOnce(held.point);
      }
      r.frame(now);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      renderer.current = null;
    };
  }, [scene, title, scheme, fireOnce]);

  // Stable handlers, so the canvas and the controls below are the same elements from one render to the
  // next and React skips them when a batch re-renders the screen (measured: docs/benchmarks.md "Fishing").
  const dismissBatchError = batches.dismissError;
  const press = useCallback(
    (point: { x: number; y: number } | null) => {
      dismissBatchError();
      trigger.current.held = true;
      trigger.current.point = point;
      trigger.current.last = performance.now() + offset.current;
      fireOnce(point);
    },
    [dismissBatchError, fireOnce],
  );
  const release = useCallback(() => {
    trigger.current.held = false;
  }, []);
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      const r = renderer.current;
      if (!r) return;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        r.aim = Math.max(-1.4, Math.min(1.4, r.aim + (event.key === 'ArrowLeft' ? -AIM_STEP : AIM_STEP)));
      } else if (event.key === ' ' || event.key === 'Spacebar') {
        event.preventDefault();
        if (!event.repeat) press(null);
      }
    },
    [press],
  );
  const onKeyUp = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === ' ' || event.key === 'Spacebar') release();
    },
    [release],
  );

  const ready = scene !== null;
  const stage = useMemo(
    () => (
      <div className={classes.fishingStage}>
        {!ready ? (
          <div className={classes.fishingLoading}>
            {sceneError ? null : <Loader aria-label={t('originals:loading')} />}
          </div>
        ) : null}
        <canvas
          ref={canvasRef}
          className={classes.fishingCanvas}
          data-testid="fishing-canvas"
          data-ready={ready ? 'true' : 'false'}
          // The sea is the game's control: arrows aim, space fires.
          tabIndex={0}
          aria-label={t('canvasLabel')}
          aria-roledescription={t('roleDescription')}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture?.(event.pointerId);
            press(scenePoint(event));
          }}
          onPointerMove={(event) => {
            if (trigger.current.held) trigger.current.point = scenePoint(event);
          }}
          onPointerUp={release}
          onPointerCancel={release}
          onPointerLeave={release}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
        />
      </div>
    ),
    [ready, sceneError, t, press, release, onKeyDown, onKeyUp],
  );
  const symbol = session.currencySymbol;
  const lastBullet = bullets.length - 1;
  const controls = useMemo(
    () => (
      <div className={classes.controls}>
        <Group gap="xs" wrap="nowrap" data-testid="fishing-bullet">
          <ActionIcon
            size="lg"
            variant="default"
            aria-label={t('lower')}
            disabled={bulletIndex <= 0}
            onClick={() => setBulletIndex((i) => Math.max(0, i - 1))}
            data-testid="fishing-bullet-down"
          >
            −
          </ActionIcon>
          <div>
            <Text size="xs" c="dimmed">
              {t('stakePerShot')}
            </Text>
            <Text fw={700} data-testid="fishing-stake" aria-live="polite">
              {bullet ? money(bullet, symbol) : '—'}
            </Text>
          </div>
          <ActionIcon
            size="lg"
            variant="default"
            aria-label={t('higher')}
            disabled={bulletIndex >= lastBullet}
            onClick={() => setBulletIndex((i) => Math.min(lastBullet, i + 1))}
            data-testid="fishing-bullet-up"
          >
            +
          </ActionIcon>
        </Group>
        <Button
          size="md"
          onPointerDown={() => press(null)}
          onPointerUp={release}
          onPointerLeave={release}
          onKeyDown={(event) => {
            if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
              event.preventDefault();
              press(null);
            }
          }}
          onKeyUp={release}
          disabled={!ready}
          data-testid="fishing-fire"
        >
          {t('fire')}
        </Button>
        <SoundToggle on={sound.on} onToggle={sound.toggle} />
      </div>
    ),
    [t, bulletIndex, lastBullet, bullet, symbol, press, release, ready, sound.on, sound.toggle],
  );

  const balanceShown = (BigInt(session.balanceMinor) - batches.heldMinor).toString();
  const frameRound = {
    error: sceneError ?? batches.error,
    dismissError: () => {
      setSceneError(null);
      batches.dismissError();
    },
    setLocalError: batches.setError,
  };
  const language = i18n.language === 'hi' ? 'hi' : 'en';

  return (
    <StudioFrame
      session={session}
      gameName={gameName}
      balanceMinor={balanceShown}
      round={frameRound}
      studio={studio}
      busy={batches.heldMinor > 0n}
      announcement={announcement}
      rules={title ? <FishingRules title={title} language={language} /> : null}
    >
      {stage}
      {controls}
      <Text size="xs" c="dimmed">
        {t('hint')}
      </Text>
      <Group gap="md" data-testid="fishing-stats">
        <Text size="sm">
          {t('shots')}: <b data-testid="fishing-shots">{stats.shots}</b>
        </Text>
        <Text size="sm">
          {t('captures')}: <b data-testid="fishing-captures">{stats.captures}</b>
        </Text>
        <Text size="sm">
          {t('won')}: <b data-testid="fishing-won">{money(stats.wonMinor, session.currencySymbol)}</b>
        </Text>
      </Group>
      {batches.heldMinor > 0n ? (
        <Text size="xs" c="dimmed" data-testid="fishing-pending">
          {t('pending', { amount: money(batches.heldMinor, session.currencySymbol) })}
        </Text>
      ) : null}
      {!title ? <Alert color="red">{t('errors:game_not_found')}</Alert> : null}
    </StudioFrame>
  );
}
