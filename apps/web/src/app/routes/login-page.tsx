import { Paper } from '@mantine/core';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import type { LoginOptions } from '../../features/auth/login-options.ts';
import { ThirdPartyButtons } from '../../features/oauth/components/third-party-buttons.tsx';
import { OneClickButton } from '../../features/register/components/one-click-button.tsx';
import { useTranslation } from '../../lib/i18n-react.tsx';

/** /login: the login modal's form as a page (SPEC §2), for links, the guard's redirect and phones. */
export function LoginPage({ options }: { options: LoginOptions }) {
  const { t } = useTranslation('auth');
  return (
    <PageFrame testId="page-login" title={t('login.title')}>
      <Paper withBorder radius="md" p="lg" maw={420} w="100%" mx="auto">
        <LoginForm options={options} oneClick={<OneClickButton />} thirdParty={<ThirdPartyButtons />} />
      </Paper>
    </PageFrame>
  );
}
