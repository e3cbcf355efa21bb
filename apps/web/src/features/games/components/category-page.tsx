import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useGameListPages, useHotGames, useNewGames } from '../hooks/use-game-lists.ts';
import { GameGrid } from './game-grid.tsx';

export type GameCategory = 'hot' | 'new' | 'cockfight' | 'jp' | 'roulette';

/** What each category page lists (docs/catalogue.md "Category pages"). */
const LIST_FILTERS = {
  cockfight: { gameType: 'COCKFIGHT' },
  jp: { gameClassify: 'JACKPOT' },
  roulette: { gameType: 'TG' },
} as const;

function HotGames() {
  return <GameGrid pages={useHotGames()} />;
}

function NewGames() {
  const { t } = useTranslation('games');
  return <GameGrid pages={useNewGames()} emptyTitle={t('lobby.newEmpty')} />;
}

function ListedGames({ category }: { category: keyof typeof LIST_FILTERS }) {
  return <GameGrid pages={useGameListPages(LIST_FILTERS[category])} />;
}

/** /hot, /new, /cockfight, /jp, /roulette (SPEC §2 category pages). */
export function CategoryPage({ category }: { category: GameCategory }) {
  const { t } = useTranslation('pages');
  const title = t(`category.${category}`);
  return (
    <PageFrame
      testId="page-category"
      title={title}
      dataAttributes={{ 'data-category': category }}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: title }]}
    >
      {category === 'hot' ? (
        <HotGames />
      ) : category === 'new' ? (
        <NewGames />
      ) : (
        <ListedGames key={category} category={category} />
      )}
    </PageFrame>
  );
}
