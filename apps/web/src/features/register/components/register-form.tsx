import type { RegisterSetting } from '@lotus/shared/system.schema';
import { Alert, Anchor, Button, Center, Divider, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { CaptchaField } from '../../../components/forms/captcha-field.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useRegisterForm } from '../hooks/use-register-form.ts';
import type { RegisterMode } from '../utils/register-fields.ts';
import { OneClickButton } from './one-click-button.tsx';
import { RegisterConsents } from './register-consents.tsx';
import { RegisterAffiliateInput, RegisterFieldList } from './register-field-list.tsx';
import { RegisterMobileBlock } from './register-mobile-block.tsx';

type RegisterFormProps = {
  setting: RegisterSetting;
  /** The tabs the brand offers, the default first. */
  modes: RegisterMode[];
  /** From the caller (a register link opened the modal) or, when absent, the page's URL. */
  affiliateCode: string | undefined;
  /** Leaves the form, e.g. for the login modal. */
  onClose: () => void;
};

/**
 * SPEC §4 "Registration": username or mobile tab, every enabled field of the brand's rules in their order,
 * checked on blur and on submit with the same `checkFieldValue` the server runs; SMS code, captcha,
 * affiliate code, terms and age; a human check; the sealed register call; then the player is logged in.
 * State and calls live in `useRegisterForm`.
 */
export function RegisterForm({ setting, modes, affiliateCode, onClose }: RegisterFormProps) {
  const { t } = useTranslation('register');
  const state = useRegisterForm({ setting, modes, affiliateCode });
  const { rule, mode, layout, affiliate, submitting, failure } = state;
  const mobileBlock = (
    <RegisterMobileBlock key="mobile" {...state} mobileMaxLength={setting.mobileMaxLength} />
  );

  return (
    <Stack gap="sm">
      {modes.length > 1 ? (
        <Tabs value={mode} onChange={(next) => next && state.switchMode(next as RegisterMode)}>
          <Tabs.List grow>
            {modes.map((item) => (
              <Tabs.Tab key={item} value={item} data-testid={`register-tab-${item}`}>
                {t(`tabs.${item}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}

      <form onSubmit={state.submit} noValidate data-testid="register-form" data-mode={mode}>
        <Stack gap="sm">
          {affiliate.status === 'checking' ? (
            <Text size="sm" c="dimmed" data-testid="affiliate-checking">
              {t('affiliate.checking')}
            </Text>
          ) : null}
          {affiliate.status === 'valid' ? (
            <Alert variant="light" color="teal" data-testid="affiliate-applied">
              {affiliate.agentNickname
                ? t('affiliate.invitedBy', { name: affiliate.agentNickname, code: affiliate.code })
                : t('affiliate.invited', { code: affiliate.code })}
            </Alert>
          ) : null}
          {mode === 'mobile' ? (
            <Text size="sm" c="dimmed">
              {t('mobileUsernameHint')}
            </Text>
          ) : null}

          {mode === 'mobile' ? mobileBlock : null}
          <RegisterFieldList fields={layout.fields} rule={rule} />
          {mode !== 'mobile' ? mobileBlock : null}

          {layout.affiliateCode ? (
            <RegisterAffiliateInput affiliateRule={layout.affiliateCode} rule={rule} />
          ) : null}

          {layout.captcha ? (
            <Controller
              control={rule.form.control}
              name="captcha"
              render={({ field }) => (
                <CaptchaField
                  value={String(field.value ?? '')}
                  onChange={field.onChange}
                  error={rule.errorText(t, 'captcha')}
                  refreshKey={state.captchaKey}
                />
              )}
            />
          ) : null}

          <RegisterConsents rule={rule} minimumAge={setting.minimumAge} />

          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="register-error">
              {messageForApiError(t, failure.error)}
            </Alert>
          ) : null}

          <Group grow>
            <Button type="button" variant="default" onClick={state.reset} data-testid="register-reset">
              {t('reset')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="register-submit">
              {t('submit')}
            </Button>
          </Group>
          {submitting ? (
            <Text size="xs" c="dimmed" ta="center" role="status">
              {t('working')}
            </Text>
          ) : null}
        </Stack>
      </form>

      <Divider label={t('auth:login.or')} labelPosition="center" />
      <OneClickButton affiliateCode={affiliate.status === 'valid' ? affiliate.code : undefined} />
      <Group justify="center" gap={4}>
        <Text size="sm">{t('haveAccount')}</Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            onClose();
            openAuthModal({ kind: 'login' });
          }}
          data-testid="register-to-login"
        >
          {t('logIn')}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** Centred spinner while the brand's rules load. */
export function RegisterFormLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}
