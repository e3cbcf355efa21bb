import { AppModal } from '../../components/ui/app-modal.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import type { LoginOptions } from '../../features/auth/login-options.ts';
import { ThirdPartyButtons } from '../../features/oauth/components/third-party-buttons.tsx';
import { OneClickButton } from '../../features/register/components/one-click-button.tsx';
import { useTranslation } from '../../lib/i18n-react.tsx';

type LoginModalProps = {
  opened: boolean;
  onClose: () => void;
  options: LoginOptions;
  initialUsername?: string | undefined;
  initialCaptcha?: boolean | undefined;
};

/** SPEC §2 login popup: the shared login form in the site's modal. */
export function LoginModal({ opened, onClose, options, initialUsername, initialCaptcha }: LoginModalProps) {
  const { t } = useTranslation('auth');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('login.title')} testId="login-modal">
      <LoginForm
        options={options}
        initialUsername={initialUsername}
        initialCaptcha={initialCaptcha}
        oneClick={<OneClickButton />}
        thirdParty={<ThirdPartyButtons />}
      />
    </AppModal>
  );
}
