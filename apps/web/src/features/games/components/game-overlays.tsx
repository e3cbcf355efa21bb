import type { GameCard } from '@lotus/shared/games.schema';
import { Notification } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { useGameOverlay } from '../../../lib/games/game-overlay-store.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './game-overlays.module.css';
import { GamePopup } from './game-popup.tsx';
import { MaintenanceSuggestions } from './maintenance-suggestions.tsx';
import { SearchModal } from './search-modal.tsx';

const NOTICE_MS = 6000;

/**
 * The games dialogs the store names (lib/games/game-overlay-store.ts): search, the game pop-up, the
 * maintenance notice with popular games, and a short notice for a favourite that did not save. The last
 * game stays mounted while its dialog closes, so the closing transition has something to show.
 */
export function GameOverlays() {
  const { t } = useTranslation('games');
  const overlay = useGameOverlay((state) => state.overlay);
  const close = useGameOverlay((state) => state.close);
  const notice = useGameOverlay((state) => state.notice);
  const clearNotice = useGameOverlay((state) => state.clearNotice);
  const [played, setPlayed] = useState<{ card: GameCard; trial: boolean } | null>(null);
  const [paused, setPaused] = useState<GameCard | null>(null);
  if (overlay?.kind === 'play' && (played?.card !== overlay.card || played.trial !== overlay.trial)) {
    setPlayed({ card: overlay.card, trial: overlay.trial });
  }
  if (overlay?.kind === 'maintenance' && paused !== overlay.card) setPaused(overlay.card);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(clearNotice, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, clearNotice]);

  return (
    <>
      <SearchModal opened={overlay?.kind === 'search'} onClose={close} />
      <GamePopup
        card={played?.card ?? null}
        trial={played?.trial ?? false}
        opened={overlay?.kind === 'play'}
        onClose={close}
      />
      <AppModal
        opened={overlay?.kind === 'maintenance'}
        onClose={close}
        title={paused ? paused.gameName : ''}
        size={960}
        testId="game-maintenance-popup"
      >
        {paused && overlay?.kind === 'maintenance' ? (
          <MaintenanceSuggestions gameName={paused.gameName} gameType={paused.gameType} />
        ) : null}
      </AppModal>
      <div className={classes.region}>
        {notice ? (
          <Notification
            icon={<AlertIcon size={18} />}
            color="red"
            title={t('notice.title')}
            onClose={clearNotice}
            closeButtonProps={{ 'aria-label': t('common:actions.close') }}
            withBorder
            data-testid="game-notice"
          >
            {t(notice)}
          </Notification>
        ) : null}
      </div>
    </>
  );
}
