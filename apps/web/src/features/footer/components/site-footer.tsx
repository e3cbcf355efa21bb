import type { Resource } from '@lotus/shared/system.schema';
import { ActionIcon, Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SocialIcon, type SocialType, socialTypeOf } from '../../../components/ui/social-icon.tsx';
import classes from './site-footer.module.css';

/** SPEC §2 footer: social icons only for these types, and only when the brand has the resource. */
const FOOTER_SOCIAL_TYPES: readonly SocialType[] = [
  'TELEGRAM',
  'YOUTUBE',
  'FACEBOOK',
  'TWITTER',
  'WHATSAPP',
  'THREADS',
];

/** SPEC §2: "copyright line with year 2025" — a fixed year, not the current one. */
const COPYRIGHT_YEAR = 2025;

const MENU_LINKS = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/promotions', labelKey: 'nav.promo' },
  { to: '/pointMall', labelKey: 'footer.pointMall' },
  { to: '/noticePage', labelKey: 'footer.notices' },
  { to: '/join', labelKey: 'footer.join' },
] as const;

const INFORMATION_LINKS = [
  { to: '/help', labelKey: 'footer.helpCentre' },
  { to: '/down', labelKey: 'footer.download' },
] as const;

type SiteFooterProps = { brandName: string; resources: readonly Resource[] };

export function SiteFooter({ brandName, resources }: SiteFooterProps) {
  const { t } = useTranslation();
  const socials = resources.flatMap((resource) => {
    const type = socialTypeOf(resource.resourceType);
    return type && FOOTER_SOCIAL_TYPES.includes(type) && resource.url ? [{ type, url: resource.url }] : [];
  });

  return (
    <footer className={classes.footer} data-testid="site-footer">
      <div className="w1200">
        <SimpleGrid cols={{ base: 2, sm: socials.length > 0 ? 3 : 2 }} spacing="xl" py="xl">
          <FooterColumn title={t('footer.menu')} links={MENU_LINKS} />
          <FooterColumn title={t('footer.information')} links={INFORMATION_LINKS} />
          {socials.length > 0 ? (
            <Stack gap="xs">
              <Title order={2} fz="sm" tt="uppercase" c="dimmed">
                {t('footer.links')}
              </Title>
              <Group gap="xs" data-testid="footer-social">
                {socials.map((social) => (
                  <ActionIcon
                    key={`${social.type}-${social.url}`}
                    component="a"
                    href={social.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="light"
                    size="lg"
                    radius="xl"
                    aria-label={t(`social.${social.type}`)}
                    data-social={social.type}
                  >
                    <SocialIcon type={social.type} />
                  </ActionIcon>
                ))}
              </Group>
            </Stack>
          ) : null}
        </SimpleGrid>
        <Text size="xs" c="dimmed" py="md" className={classes.copyright} data-testid="copyright">
          © {COPYRIGHT_YEAR} {brandName}. {t('footer.rights')}
        </Text>
      </div>
    </footer>
  );
}

function FooterColumn({
  title,
  links,
}: {
  title: string;
  links: readonly { to: string; labelKey: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="nav" aria-label={title}>
      <Title order={2} fz="sm" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} size="sm" c="var(--mantine-color-text)">
          {t(link.labelKey)}
        </Anchor>
      ))}
    </Stack>
  );
}
