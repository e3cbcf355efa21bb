import type { GameCard } from '@lotus/shared/games.schema';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useRefreshAfterGame } from '../hooks/use-launch-url.ts';
import { GameFrame } from './game-frame.tsx';

type GamePopupProps = {
  card: GameCard | null;
  trial: boolean;
  opened: boolean;
  onClose: () => void;
};

/** SPEC §2 "game pop-up (iframe)": the game over the page on a desktop, wide, closed by its close icon. */
export function GamePopup({ card, trial, opened, onClose }: GamePopupProps) {
  useRefreshAfterGame(opened && card !== null);
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={card ? card.gameName : ''}
      size="min(1200px, 96vw)"
      testId="game-popup"
    >
      {card && opened ? (
        <GameFrame
          key={`${card.nodeId}:${trial}`}
          nodeId={card.nodeId}
          trial={trial}
          gameName={card.gameName}
          gameType={card.gameType}
        />
      ) : null}
    </AppModal>
  );
}
