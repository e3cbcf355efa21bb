import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { UserIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

/** /login: the login form (username or mobile, SMS, one-click) arrives with the accounts issue. */
export function LoginPage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame testId="page-login" title={t('login.title')}>
      <EmptyBlock
        icon={<UserIcon size={28} />}
        title={t('login.unavailable')}
        description={t('login.unavailableHint')}
      />
    </PageFrame>
  );
}
