import type { Resource } from '@lotus/shared/system.schema';
import { ActionIcon, Stack } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { Tooltip } from '../../../components/ui/deferred-floating.tsx';
import { ArrowUpIcon, HeadsetIcon, PhoneDownloadIcon, StrokeIcon } from '../../../components/ui/icons.tsx';
import { SocialIcon, type SocialType, socialTypeOf } from '../../../components/ui/social-icon.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { appDownloads } from '../utils/app-downloads.ts';
import { AppDownloadCard } from './app-download-card.tsx';
import classes from './side-menu.module.css';

/** SPEC §2 right side bar: these social links (Telegram twice when the brand has two), each only if it exists. */
const SIDE_SOCIAL_TYPES: readonly SocialType[] = [
  'FACEBOOK',
  'TWITTER',
  'YOUTUBE',
  'TELEGRAM',
  'WHATSAPP',
  'INSTAGRAM',
  'VIBER',
];

type SideMenuProps = {
  resources: readonly Resource[];
  /** Opens the customer-service line that fits the visitor (live chat, or the VIP line for VIP members). */
  onCustomerService: () => void;
  /** The chat window is being connected. */
  customerServiceBusy?: boolean;
  /** SPEC §2 share: what it does depends on who is asking (the caller decides, see shareAction). */
  onShare: () => void;
};

export function SideMenu({ resources, onCustomerService, customerServiceBusy, onShare }: SideMenuProps) {
  const { t } = useTranslation(['common', 'chrome']);
  const downloads = useMemo(() => appDownloads(resources, window.location.origin), [resources]);
  const socials = useMemo(() => {
    const seen = new Map<SocialType, number>();
    return resources.flatMap((resource) => {
      const type = socialTypeOf(resource.resourceType);
      if (!type || !SIDE_SOCIAL_TYPES.includes(type) || !resource.url) return [];
      const count = (seen.get(type) ?? 0) + 1;
      seen.set(type, count);
      // Two links of one kind (two Telegram channels) get told apart: "Telegram", "Telegram 2".
      const label = count === 1 ? t(`social.${type}`) : `${t(`social.${type}`)} ${count}`;
      return [{ type, url: resource.url, label }];
    });
  }, [resources, t]);

  return (
    <aside className={classes.sideMenu} aria-label={t('sideMenu.label')} data-testid="side-menu">
      <Stack gap={6}>
        <SideItem label={t('sideMenu.customerService')}>
          <ActionIcon
            {...itemProps}
            aria-label={t('sideMenu.customerService')}
            loading={customerServiceBusy}
            onClick={onCustomerService}
            data-testid="side-customer-service"
          >
            <HeadsetIcon />
          </ActionIcon>
        </SideItem>
        {downloads.length > 0 ? (
          <AppDownloadCard
            links={downloads}
            label={t('sideMenu.download')}
            icon={<PhoneDownloadIcon />}
            buttonProps={itemProps}
          />
        ) : (
          <SideItem label={t('sideMenu.download')}>
            <ActionIcon component={Link} to="/down" {...itemProps} aria-label={t('sideMenu.download')}>
              <PhoneDownloadIcon />
            </ActionIcon>
          </SideItem>
        )}
        {socials.map((social, index) => (
          <SideItem key={`${social.type}-${social.url}`} label={social.label}>
            <ActionIcon
              component="a"
              href={social.url}
              target="_blank"
              rel="noopener noreferrer"
              {...itemProps}
              className={`${classes.social} ${index === 0 ? classes.firstSocial : ''}`}
              aria-label={social.label}
              data-social={social.type}
            >
              <SocialIcon type={social.type} />
            </ActionIcon>
          </SideItem>
        ))}
        <SideItem label={t('chrome:sideMenu.share')}>
          <ActionIcon
            {...itemProps}
            aria-label={t('chrome:sideMenu.share')}
            onClick={onShare}
            data-testid="side-share"
          >
            <ShareIcon />
          </ActionIcon>
        </SideItem>
        <SideItem label={t('sideMenu.top')}>
          <ActionIcon
            {...itemProps}
            aria-label={t('sideMenu.top')}
            data-testid="scroll-to-top"
            onClick={() => {
              const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
              window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'instant' });
            }}
          >
            <ArrowUpIcon />
          </ActionIcon>
        </SideItem>
      </Stack>
    </aside>
  );
}

const itemProps = { variant: 'default', size: 40, radius: 'md' } as const;

function SideItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} position="left" withArrow openDelay={200}>
      {children}
    </Tooltip>
  );
}

function ShareIcon() {
  return (
    <StrokeIcon>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </StrokeIcon>
  );
}
