import type { Resource } from '@lotus/shared/system.schema';
import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowUpIcon, HeadsetIcon, PhoneDownloadIcon } from '../../../components/ui/icons.tsx';
import { SocialIcon, type SocialType, socialTypeOf } from '../../../components/ui/social-icon.tsx';
import classes from './side-menu.module.css';

/** SPEC §2 right side bar: these social links, each only if the brand has the resource. */
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
  /** Live-chat line from the whitelabel customer service (the VIP line arrives with member ranks). */
  customerServiceUrl: string | null;
  resources: readonly Resource[];
};

export function SideMenu({ customerServiceUrl, resources }: SideMenuProps) {
  const { t } = useTranslation();
  const socials = resources.flatMap((resource) => {
    const type = socialTypeOf(resource.resourceType);
    return type && SIDE_SOCIAL_TYPES.includes(type) && resource.url ? [{ type, url: resource.url }] : [];
  });

  return (
    <aside className={classes.sideMenu} aria-label={t('sideMenu.label')} data-testid="side-menu">
      <Stack gap={6}>
        {customerServiceUrl ? (
          <SideItem label={t('sideMenu.customerService')}>
            <ActionIcon
              component="a"
              href={customerServiceUrl}
              target="_blank"
              rel="noopener noreferrer"
              {...itemProps}
              aria-label={t('sideMenu.customerService')}
              data-testid="side-customer-service"
            >
              <HeadsetIcon />
            </ActionIcon>
          </SideItem>
        ) : null}
        <SideItem label={t('sideMenu.download')}>
          <ActionIcon component={Link} to="/down" {...itemProps} aria-label={t('sideMenu.download')}>
            <PhoneDownloadIcon />
          </ActionIcon>
        </SideItem>
        {socials.map((social, index) => (
          <SideItem key={`${social.type}-${social.url}`} label={t(`social.${social.type}`)}>
            <ActionIcon
              component="a"
              href={social.url}
              target="_blank"
              rel="noopener noreferrer"
              {...itemProps}
              className={`${classes.social} ${index === 0 ? classes.firstSocial : ''}`}
              aria-label={t(`social.${social.type}`)}
              data-social={social.type}
            >
              <SocialIcon type={social.type} />
            </ActionIcon>
          </SideItem>
        ))}
        <SideItem label={t('sideMenu.top')}>
          <ActionIcon
            {...itemProps}
            aria-label={t('sideMenu.top')}
            data-testid="scroll-to-top"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
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
