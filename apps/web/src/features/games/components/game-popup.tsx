import type { GameCard } from '@lotus/shared/games.schema';
import { Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { useRefreshAfterGame } from '../hooks/use-launch-url.ts';
import { GameFrame } from './game-frame.tsx';
import { PlaySessionPanel } from './play-session-panel.tsx';

type GamePopupProps = {
  card: GameCard | null;
  trial: boolean;
  opened: boolean;
  onClose: () => void;
};

/**
 * SPEC §2 "game pop-up (iframe)": the game over the page on a desktop, wide, closed by its close icon. A real
 * game shows the session's time and net position above it, and the reality check when due (issue 17).
 */
export function GamePopup({ card, trial, opened, onClose }: GamePopupProps) {
  useRefreshAfterGame(opened && card !== null);
  const loggedIn = useSessionStore((state) => state.token !== null);
  const { t, i18n } = useTranslation('games');
  // Issue 22: a studio game's declared RTP, computed from its maths by the server (null for other vendors).
  const rtp =
    card?.rtp != null
      ? new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 2 }).format(card.rtp)
      : null;
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={card ? card.gameName : ''}
      size="min(1200px, 96vw)"
      testId="game-popup"
    >
      {card && opened ? (
        <Stack gap="xs">
          {rtp ? (
            <Text size="xs" c="dimmed" data-testid="game-popup-rtp">
              {t('popup.rtp', { rtp })}
            </Text>
          ) : null}
          {!trial && loggedIn ? <PlaySessionPanel onLeaveGame={onClose} /> : null}
          <GameFrame
            key={`${card.nodeId}:${trial}`}
            nodeId={card.nodeId}
            trial={trial}
            gameName={card.gameName}
            gameType={card.gameType}
          />
        </Stack>
      ) : null}
    </AppModal>
  );
}
