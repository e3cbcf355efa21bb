import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLaunchUrl } from '../hooks/use-launch-url.ts';
import classes from './game-frame.module.css';
import { MaintenanceSuggestions } from './maintenance-suggestions.tsx';

type GameFrameProps = {
  nodeId: string;
  trial: boolean;
  /** For the iframe's title; the launch answer does not carry it. */
  gameName: string;
  gameType?: string;
  /** 'page': the /game page's full-width frame. */
  variant?: 'popup' | 'page';
  /** Issue 19: a free-round grant, passed to the in-house studio's screen (same-origin `/originals/`). */
  freeRound?: string | null;
};

/**
 * Issue 22: the /game page's frame ends at the bottom of the screen, wherever it starts. A fixed
 * `100dvh − header` missed what sits above the frame (the header, the page's title and the trial line:
 * ~190 px on a 375 px phone), so the frame ran ~80 px below the screen and the roulette's sticky Spin
 * button only showed after scrolling. The frame's own top (in page coordinates) is measured instead, again
 * when the window resizes, and the height is the viewport's minus it (`--frame-top`, read by the CSS).
 */
function useFitToViewport() {
  const [element, setElement] = useState<HTMLIFrameElement | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const fit = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.setProperty('--frame-top', `${Math.max(0, Math.round(top))}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [element]);
  return setElement;
}

/** Launches the game and shows `value.content` in an iframe, or why it cannot start (SPEC §4, §8). */
/** The launch URL with the free-round grant added, for the in-house studio only (another vendor never sees it). */
function withFreeRound(content: string, freeRound: string | null | undefined): string {
  if (!freeRound || !content.startsWith('/originals/')) return content;
  return `${content}${content.includes('?') ? '&' : '?'}freeRound=${encodeURIComponent(freeRound)}`;
}

export function GameFrame({
  nodeId,
  trial,
  gameName,
  gameType,
  variant = 'popup',
  freeRound,
}: GameFrameProps) {
  const { t } = useTranslation('games');
  const launch = useLaunchUrl(nodeId, trial);
  const fitRef = useFitToViewport();

  if (launch.status === 'pending') {
    return (
      <Center mih={240} data-testid="game-frame-loading">
        <Stack align="center" gap="xs">
          <Loader />
          <Text size="sm" c="dimmed">
            {t('launch.loading', { game: gameName })}
          </Text>
        </Stack>
      </Center>
    );
  }

  if (launch.status === 'error') {
    const code = launch.error instanceof ApiError ? launch.error.code : 'unknown_error';
    if (code === 'game_maintenance') {
      return <MaintenanceSuggestions gameName={gameName} gameType={gameType} />;
    }
    return (
      <Alert
        color="red"
        icon={<AlertIcon size={18} />}
        title={t('launch.error')}
        role="alert"
        data-testid="game-frame-error"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t(`errors:${code}`)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void launch.refetch()}>
            {t('grid.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap={4}>
      {launch.data.trial ? (
        <Text size="xs" c="dimmed" data-testid="game-frame-trial">
          {t('launch.trial')}
        </Text>
      ) : null}
      <iframe
        ref={variant === 'page' ? fitRef : undefined}
        className={`${classes.frame} ${variant === 'page' ? classes.page : ''}`}
        src={withFreeRound(launch.data.content, freeRound)}
        title={t('launch.frameTitle', { game: gameName })}
        allow="fullscreen; autoplay"
        allowFullScreen
        data-testid="game-frame"
      />
    </Stack>
  );
}
