import { Button, Stack } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { CompassIcon } from '../../../components/ui/icons.tsx';
import { LoginActionContext, LoginRequired } from '../../../components/ui/login-required.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useLoggedIn } from '../../../lib/games/use-game-pages.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useGameListPages } from '../hooks/use-game-lists.ts';
import { useRefreshAfterGame } from '../hooks/use-launch-url.ts';
import { GameFrame } from './game-frame.tsx';
import { GameGrid } from './game-grid.tsx';
import { PlaySessionPanel } from './play-session-panel.tsx';

const NODE_ID = /^[1-9][0-9]{0,17}$/;
/** Issue 19: a promotion's free-round grant to play (Bonus details' "Play" link). */
const GRANT_ID = /^[1-9][0-9]{0,18}$/;
const openLogin = () => openAuthModal({ kind: 'login' });

function VendorGames({ vassalage, gameType }: { vassalage: string; gameType: string }) {
  const filter = useMemo(() => ({ vassalage, gameType }), [vassalage, gameType]);
  return <GameGrid pages={useGameListPages(filter)} />;
}

function LaunchedGame({
  nodeId,
  trial,
  name,
  freeRound,
}: {
  nodeId: string;
  trial: boolean;
  name: string;
  freeRound: string | null;
}) {
  useRefreshAfterGame(true);
  return (
    <>
      {/* Issue 17: a real game shows the session's time and net position, and the reality check when due. */}
      {trial ? null : <PlaySessionPanel />}
      <GameFrame nodeId={nodeId} trial={trial} gameName={name} variant="page" freeRound={freeRound} />
    </>
  );
}

/**
 * /game (header only, SPEC §2): `?nodeId=…(&trial=1)` launches that game itself and shows it full width —
 * how a phone plays (the desktop uses the pop-up). `?vassalage=…&gameType=…` (a vendor chosen in the nav,
 * lib/vendor-launch.ts) lists that vendor's games to pick from.
 */
export function GamePage() {
  const { t } = useTranslation('pages');
  const [searchParams] = useSearchParams();
  const loggedIn = useLoggedIn();
  const nodeId = searchParams.get('nodeId');
  const trial = searchParams.get('trial') === '1';
  const vassalage = searchParams.get('vassalage');
  const gameType = searchParams.get('gameType');
  const name = searchParams.get('name');
  const grant = searchParams.get('freeRound');
  const freeRound = grant && GRANT_ID.test(grant) ? grant : null;
  const title = nodeId && name ? name : t('game.title');

  let content: ReactNode;
  if (nodeId && NODE_ID.test(nodeId)) {
    content =
      trial || loggedIn ? (
        <LaunchedGame
          key={`${nodeId}:${trial}`}
          nodeId={nodeId}
          trial={trial}
          name={title}
          freeRound={trial ? null : freeRound}
        />
      ) : (
        <LoginActionContext value={openLogin}>
          <LoginRequired
            title={t('common:loginRequired.title')}
            description={t('games:launch.loginHint')}
            actionLabel={t('common:actions.login')}
          />
        </LoginActionContext>
      );
  } else if (vassalage && gameType) {
    content = <VendorGames vassalage={vassalage} gameType={gameType} />;
  } else {
    content = (
      <EmptyBlock
        icon={<CompassIcon size={28} />}
        title={t('game.empty')}
        description={t('game.emptyHint')}
        actions={
          <Button component={Link} to="/" variant="default">
            {t('common:actions.backHome')}
          </Button>
        }
      />
    );
  }

  return (
    <PageFrame testId="page-game" title={title}>
      <Stack gap="sm">{content}</Stack>
    </PageFrame>
  );
}
