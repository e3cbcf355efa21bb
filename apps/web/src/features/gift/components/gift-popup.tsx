import type { Resource } from '@lotus/shared/system.schema';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { giftResource, giftTarget, hasSeenGift, markGiftSeen } from '../utils/gift-state.ts';

type GiftPopupProps = {
  resources: readonly Resource[];
  loggedIn: boolean;
  /** False while another pop-up has the stage; the gift waits its turn. */
  enabled: boolean;
};

/**
 * The gift pop-up (SPEC §2): shown once before login and once after login (remembered in localStorage),
 * only when the brand has the register-pop-up resource. Its button opens registration for a visitor and
 * the resource's page for a member.
 */
export function GiftPopup({ resources, loggedIn, enabled }: GiftPopupProps) {
  const { t } = useTranslation(['chrome']);
  const navigate = useNavigate();
  const resource = giftResource(resources);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (!enabled || !resource || hasSeenGift(loggedIn)) return;
    // Remembered as soon as it is shown: "once" holds even if the visitor reloads instead of closing it.
    markGiftSeen(loggedIn);
    setOpened(true);
  }, [enabled, resource, loggedIn]);

  if (!resource) return null;
  const target = giftTarget(resource, loggedIn);
  const act = () => {
    setOpened(false);
    if (target?.kind === 'route') navigate(target.to);
    else if (target?.kind === 'external') window.open(target.href, '_blank', 'noopener,noreferrer');
  };

  return (
    <AppModal opened={opened} onClose={() => setOpened(false)} title={t('gift.title')} testId="gift-popup">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden="true">
          <GiftIcon />
        </ThemeIcon>
        <Text>{loggedIn ? t('gift.memberText') : t('gift.visitorText')}</Text>
        <Group justify="center" gap="sm">
          <Button variant="default" onClick={() => setOpened(false)}>
            {t('gift.later')}
          </Button>
          {target ? (
            <Button onClick={act} data-testid="gift-action">
              {loggedIn ? t('gift.memberAction') : t('gift.visitorAction')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </AppModal>
  );
}

function GiftIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="34"
      height="34"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
      <path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </svg>
  );
}
