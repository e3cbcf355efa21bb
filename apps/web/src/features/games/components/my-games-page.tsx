import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoginRequired } from '../../../components/ui/login-required.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

export type MyGamesKind = 'favorite' | 'recent';

type MyGamesPageProps = { kind: MyGamesKind; loggedIn: boolean };

/** /favorite and /recent need a session (SPEC §2); the lists themselves arrive with the games issue. */
export function MyGamesPage({ kind, loggedIn }: MyGamesPageProps) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId={`page-${kind}`}
      title={t(`${kind}.title`)}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t(`${kind}.title`) }]}
    >
      {loggedIn ? (
        <EmptyBlock title={t(`${kind}.unavailable`)} />
      ) : (
        <LoginRequired
          title={t('common:loginRequired.title')}
          description={t(`${kind}.loginHint`)}
          actionLabel={t('common:actions.login')}
        />
      )}
    </PageFrame>
  );
}
