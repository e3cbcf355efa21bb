import { lazy, Suspense, useState } from 'react';
import type { LoginOptions } from '../../features/auth/login-options.ts';
import { loadAllNamespaces, loadNamespaces } from '../../lib/i18n.ts';
import { type AuthModal, useAuthModal } from '../../lib/session/auth-modal-store.ts';

// Each dialog is its own chunk, loaded when first opened: the forms, Mantine's modal and zod-free-but-large
// form code stay out of the first page (ARCHITECTURE §1 bundle budget). Each also waits for the texts the
// start sequence leaves out (auth, register, password, ...: lib/i18n.ts START_NAMESPACES).
const withTexts = <T,>(load: Promise<T>): Promise<T> =>
  Promise.all([load, loadAllNamespaces()]).then(([module]) => module);
const LoginModal = lazy(() =>
  withTexts(import('./login-modal.tsx').then((m) => ({ default: m.LoginModal }))),
);
const TrueAccountDialog = lazy(() =>
  withTexts(
    import('../../features/auth/components/account-dialogs.tsx').then((m) => ({
      default: m.TrueAccountDialog,
    })),
  ),
);
const LogoutConfirmDialog = lazy(() =>
  withTexts(
    import('../../features/auth/components/account-dialogs.tsx').then((m) => ({
      default: m.LogoutConfirmDialog,
    })),
  ),
);
// Issue 17: its texts are the member-only `protection` namespace, loaded with it.
const SignedOutDialog = lazy(() =>
  withTexts(
    Promise.all([
      import('../../features/auth/components/signed-out-dialog.tsx'),
      loadNamespaces(['protection']),
    ]).then(([m]) => ({ default: m.SignedOutDialog })),
  ),
);
const RegisterModal = lazy(() =>
  withTexts(
    import('../../features/register/components/register-modal.tsx').then((m) => ({
      default: m.RegisterModal,
    })),
  ),
);
const OneClickResultModal = lazy(() =>
  withTexts(
    import('../../features/register/components/one-click-result-modal.tsx').then((m) => ({
      default: m.OneClickResultModal,
    })),
  ),
);
const ForgotPasswordModal = lazy(() =>
  withTexts(
    import('../../features/password/components/forgot-password-modal.tsx').then((m) => ({
      default: m.ForgotPasswordModal,
    })),
  ),
);
const ChangePasswordModal = lazy(() =>
  withTexts(
    import('../../features/password/components/change-password-modal.tsx').then((m) => ({
      default: m.ChangePasswordModal,
    })),
  ),
);

type AuthModalsProps = { loginOptions: LoginOptions };

/**
 * Renders the account dialog the store names (docs/accounts-contract.md "Browser"); mounted once by the site
 * layout. The last dialog stays mounted, closed, after the store clears, so its closing transition runs and
 * focus goes back to the opener.
 */
export function AuthModals({ loginOptions }: AuthModalsProps) {
  const modal = useAuthModal((state) => state.modal);
  const close = useAuthModal((state) => state.close);
  const [last, setLast] = useState<AuthModal | null>(modal);
  if (modal !== null && modal !== last) setLast(modal);
  if (last === null) return null;
  const opened = modal !== null;
  return (
    <Suspense fallback={null}>
      <AuthModalView modal={last} opened={opened} onClose={close} loginOptions={loginOptions} />
    </Suspense>
  );
}

function AuthModalView({
  modal,
  opened,
  onClose,
  loginOptions,
}: {
  modal: AuthModal;
  opened: boolean;
  onClose: () => void;
  loginOptions: LoginOptions;
}) {
  switch (modal.kind) {
    case 'login':
      return (
        <LoginModal
          opened={opened}
          onClose={onClose}
          options={loginOptions}
          initialUsername={modal.username}
          initialCaptcha={modal.captcha}
        />
      );
    case 'register':
      return (
        <RegisterModal
          opened={opened}
          onClose={onClose}
          {...(modal.affiliateCode === undefined ? {} : { affiliateCode: modal.affiliateCode })}
        />
      );
    case 'forgotPassword':
      return <ForgotPasswordModal opened={opened} onClose={onClose} />;
    case 'changePassword':
      return (
        <ChangePasswordModal
          opened={opened}
          onClose={onClose}
          forced={modal.forced}
          {...(modal.oldPassword === undefined ? {} : { oldPassword: modal.oldPassword })}
        />
      );
    case 'oneClickResult':
      return (
        <OneClickResultModal
          opened={opened}
          onClose={onClose}
          username={modal.username}
          password={modal.password}
        />
      );
    case 'trueAccountRequired':
      return <TrueAccountDialog opened={opened} onClose={onClose} />;
    case 'logoutConfirm':
      return <LogoutConfirmDialog opened={opened} onClose={onClose} />;
    case 'signedOut':
      return <SignedOutDialog opened={opened} onClose={onClose} reason={modal.reason} />;
  }
}
