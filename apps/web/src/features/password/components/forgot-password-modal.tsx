import { isFlagEnabled } from '@lotus/shared/whitelabel-flags';
import { Center, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useRegisterSetting } from '../../../lib/system/get-register-setting.ts';
import { useWhitelabel } from '../../../lib/system/get-whitelabel.ts';
import { type ForgotMethod, forgotMethods } from '../utils/password-rules.ts';
import { ForgotByEmail } from './forgot-by-email.tsx';
import { ForgotByMobile } from './forgot-by-mobile.tsx';

type ForgotPasswordModalProps = { opened: boolean; onClose: () => void };

/**
 * SPEC §4 "Forgot password": by e-mail (a reset link) or by mobile (SMS code, new password, then logged
 * in). The switch shows only when the brand offers both (CHNGPASSVERIF3 and CHNGPASSMAIL3).
 */
export function ForgotPasswordModal({ opened, onClose }: ForgotPasswordModalProps) {
  const { t } = useTranslation('password');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('forgot.title')} testId="forgot-password-modal">
      {opened ? <ForgotBody onClose={onClose} /> : null}
    </AppModal>
  );
}

function ForgotBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('password');
  const whitelabel = useWhitelabel();
  const setting = useRegisterSetting();
  const methods = useMemo(() => {
    const tree = whitelabel.data?.whitelabel ?? [];
    return forgotMethods({
      byEmail: isFlagEnabled(tree, 'CHNGPASSMAIL3'),
      byMobile: isFlagEnabled(tree, 'CHNGPASSVERIF3'),
    });
  }, [whitelabel.data]);
  const [chosen, setChosen] = useState<ForgotMethod | null>(null);

  if (whitelabel.isPending || setting.isPending) {
    return (
      <Center py="xl" role="status" aria-label={t('common:status.loading')}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (methods.length === 0) {
    return (
      <Text data-testid="forgot-unavailable" py="md">
        {t('forgot.unavailable')}
      </Text>
    );
  }
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] as ForgotMethod);
  return (
    <Stack gap="md">
      {methods.length > 1 ? (
        <SegmentedControl
          fullWidth
          value={method}
          onChange={(value) => setChosen(value as ForgotMethod)}
          data={methods.map((item) => ({
            value: item,
            label: t(item === 'email' ? 'forgot.byEmail' : 'forgot.byMobile'),
          }))}
          data-testid="forgot-method"
        />
      ) : null}
      {method === 'email' ? (
        <ForgotByEmail setting={setting.data} onClose={onClose} />
      ) : (
        <ForgotByMobile setting={setting.data} />
      )}
    </Stack>
  );
}
