import { GamesPage, type GamesPageType } from '../../features/games/components/games-page.tsx';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { gamesTitleKey } from '../games-title.ts';
import { useSite } from '../site-context.tsx';

export function GamesRoute({ gameType }: { gameType: GamesPageType }) {
  const { t } = useTranslation();
  const { site } = useSite();
  return <GamesPage gameType={gameType} title={t(gamesTitleKey(gameType, site.supportedLanguages))} />;
}
