import { Alert, Button, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { LazyAppModal } from '../../../components/ui/lazy-app-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { usePlayerAvatar } from '../api/get-player-avatar.ts';
import { useUpdatePlayerAvatar } from '../api/update-player-avatar.ts';
import classes from './player-strip.module.css';

type AvatarPickerProps = {
  opened: boolean;
  onClose: () => void;
  /** Refetches member info; the picker closes once the strip has the new picture. */
  onChanged: () => Promise<unknown>;
};

const errorKey = (error: unknown) => `errors:${error instanceof ApiError ? error.code : 'unknown_error'}`;

/** The 12 avatars of MCSFE_getPlayerAvatar; choosing one saves it (PUT /wps/member/info/icon). */
export function AvatarPicker({ opened, onClose, onChanged }: AvatarPickerProps) {
  const { t } = useTranslation(['chrome', 'errors']);
  const avatars = usePlayerAvatar(opened);
  const update = useUpdatePlayerAvatar(onChanged);

  const choose = (avatarId: number) => {
    if (update.isPending) return;
    update.mutate(avatarId, { onSuccess: onClose });
  };
  const close = () => {
    update.reset();
    onClose();
  };

  return (
    <LazyAppModal opened={opened} onClose={close} title={t('header.avatar.title')} testId="avatar-picker">
      {avatars.isPending ? (
        <Stack align="center" py="md">
          <Loader size="sm" aria-label={t('header.avatar.loading')} />
        </Stack>
      ) : avatars.isError ? (
        <Stack align="center" gap="sm" py="md">
          <Text ta="center">{t('header.avatar.loadError')}</Text>
          <Button variant="default" onClick={() => void avatars.refetch()}>
            {t('header.avatar.retry')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('header.avatar.hint')}
          </Text>
          <ul className={classes.avatarGrid} aria-label={t('header.avatar.title')}>
            {avatars.data.options.map((option, index) => {
              const current = option.avatarId === avatars.data.avatarId;
              return (
                <li key={option.avatarId}>
                  <UnstyledButton
                    className={classes.avatarOption}
                    data-current={current || undefined}
                    aria-pressed={current}
                    aria-label={t('header.avatar.option', { number: index + 1 })}
                    disabled={update.isPending}
                    data-testid="avatar-option"
                    data-avatar-id={option.avatarId}
                    onClick={() => choose(option.avatarId)}
                  >
                    <img src={option.url} alt="" width={56} height={56} loading="lazy" />
                  </UnstyledButton>
                </li>
              );
            })}
          </ul>
          {update.isPending ? (
            <Text size="sm" c="dimmed" role="status">
              {t('header.avatar.saving')}
            </Text>
          ) : null}
          {update.isError ? (
            <Alert color="red" role="alert" data-testid="avatar-error">
              {t(errorKey(update.error))}
            </Alert>
          ) : null}
        </Stack>
      )}
    </LazyAppModal>
  );
}
