import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

export type GameCategory = 'hot' | 'new' | 'cockfight' | 'jp' | 'roulette';

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
      <EmptyBlock title={t('common:empty.games')} description={t('games.emptyHint')} />
    </PageFrame>
  );
}
