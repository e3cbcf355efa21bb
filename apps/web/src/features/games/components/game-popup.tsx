import type { GameCard } from '@lotus/shared/games.schema';
import { Stack } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
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
