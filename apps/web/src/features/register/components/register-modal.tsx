import { isFlagEnabled } from '@lotus/shared/whitelabel-flags';
import { Button } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { UserIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useRegisterSetting } from '../../../lib/system/get-register-setting.ts';
import { useWhitelabel } from '../../../lib/system/get-whitelabel.ts';
import { registerModes } from '../utils/register-fields.ts';
import { RegisterForm, RegisterFormLoading } from './register-form.tsx';

type RegisterModalProps = {
  opened: boolean;
  onClose: () => void;
  /** From a register link (`?affiliateCode=` / `?code=`); when absent the form reads the page's URL. */
  affiliateCode?: string | undefined;
};

/**
 * The register modal (SPEC §2 /register, §4 "Registration") on the site's generic modal. The form is
 * mounted only while the modal is open, so every opening starts blank.
 */
export function RegisterModal({ opened, onClose, affiliateCode }: RegisterModalProps) {
  const { t } = useTranslation('register');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('title')} size={440} testId="register-modal">
      {opened ? <RegisterModalBody onClose={onClose} affiliateCode={affiliateCode} /> : null}
    </AppModal>
  );
}

function RegisterModalBody({ onClose, affiliateCode }: Omit<RegisterModalProps, 'opened'>) {
  const { t } = useTranslation('register');
  const whitelabel = useWhitelabel();
  const setting = useRegisterSetting();

  if (setting.isPending || whitelabel.isPending) {
    return <RegisterFormLoading label={t('common:status.loading')} />;
  }
  if (setting.isError || whitelabel.isError) {
    return (
      <EmptyBlock
        testId="register-load-error"
        icon={<UserIcon size={28} />}
        title={t('loadError')}
        actions={
          <Button
            variant="default"
            onClick={() => {
              void setting.refetch();
              void whitelabel.refetch();
            }}
          >
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const tree = whitelabel.data.whitelabel;
  const modes = registerModes({
    usernameRegistration: isFlagEnabled(tree, 'USERNAMEREG3'),
    mobileRegistration: isFlagEnabled(tree, 'MOBILENUMREG3'),
  });
  if (modes.length === 0) {
    return (
      <EmptyBlock
        testId="register-unavailable"
        icon={<UserIcon size={28} />}
        title={t('unavailable')}
        description={t('unavailableHint')}
        actions={
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        }
      />
    );
  }
  return (
    <RegisterForm setting={setting.data} modes={modes} affiliateCode={affiliateCode} onClose={onClose} />
  );
}
