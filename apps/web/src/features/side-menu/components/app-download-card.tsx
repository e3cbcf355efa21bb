import { ActionIcon, Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Popover } from '../../../components/ui/deferred-floating.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { AppDownloadLink } from '../utils/app-downloads.ts';
import { QrCode } from './qr-code.tsx';

type AppDownloadCardProps = {
  links: readonly AppDownloadLink[];
  label: string;
  icon: ReactNode;
  buttonProps: { variant: 'default'; size: number; radius: 'md' };
};

const HOVER_CLOSE_DELAY_MS = 150;

/**
 * The side bar's app download button and its card of QR codes (mobile config, iOS, Android). It opens on
 * hover for a mouse and on click (Enter/Space) for everyone else; Escape or a click elsewhere closes it. A
 * click after a hover keeps it open rather than closing what the visitor is looking at.
 */
export function AppDownloadCard({ links, label, icon, buttonProps }: AppDownloadCardProps) {
  const { t } = useTranslation('chrome');
  const [opened, setOpened] = useState(false);
  const openedBy = useRef<'hover' | 'click'>('click');
  const closeTimer = useRef<number | undefined>(undefined);

  const hoverOpen = () => {
    window.clearTimeout(closeTimer.current);
    if (!opened) openedBy.current = 'hover';
    setOpened(true);
  };
  const hoverClose = () => {
    window.clearTimeout(closeTimer.current);
    if (openedBy.current === 'hover') {
      closeTimer.current = window.setTimeout(() => setOpened(false), HOVER_CLOSE_DELAY_MS);
    }
  };
  const toggle = () => {
    window.clearTimeout(closeTimer.current);
    if (opened && openedBy.current === 'click') {
      setOpened(false);
      return;
    }
    openedBy.current = 'click';
    setOpened(true);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="left" withArrow shadow="md" returnFocus>
      <Popover.Target>
        <ActionIcon
          {...buttonProps}
          aria-label={label}
          data-testid="side-app-download"
          onMouseEnter={hoverOpen}
          onMouseLeave={hoverClose}
          onClick={toggle}
          // Focus stays on the button while the card is open: Escape closes it from here too.
          onKeyDown={(event) => {
            if (event.key === 'Escape' && opened) setOpened(false);
          }}
        >
          {icon}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown onMouseEnter={hoverOpen} onMouseLeave={hoverClose} data-testid="app-download-card">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('sideMenu.appTitle')}
          </Text>
          <SimpleGrid cols={links.length} spacing="sm">
            {links.map((link) => {
              const platform = t(`sideMenu.${link.platform}`);
              return (
                <Stack key={link.platform} gap={4} align="center" data-platform={link.platform}>
                  <QrCode
                    value={link.url}
                    imageUrl={link.qrImageUrl}
                    label={t('sideMenu.qrFor', { platform })}
                  />
                  <Text size="xs" fw={500}>
                    {platform}
                  </Text>
                </Stack>
              );
            })}
          </SimpleGrid>
          <Anchor component={Link} to="/down" size="xs" ta="center" onClick={() => setOpened(false)}>
            {t('sideMenu.allDownloads')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
