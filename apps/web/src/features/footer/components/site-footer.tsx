import type { Resource } from '@lotus/shared/system.schema';
import {
  ActionIcon,
  Anchor,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SocialIcon, type SocialType, socialTypeOf } from '../../../components/ui/social-icon.tsx';
import { useHelpCenter } from '../../../lib/content/get-help-center.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
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

/** How many help-centre categories the information column links to directly. */
const HELP_TOPICS_SHOWN = 4;

type FooterLink = { to: string; label: string };

type SiteFooterProps = {
  brandName: string;
  resources: readonly Resource[];
  /** Opens the feedback form; without it the entry leads to the help centre's feedback section. */
  onFeedback?: () => void;
  /** SPEC §2 "row of vendor logos", composed by the app from the game catalogue. */
  vendorStrip?: ReactNode;
};

export function SiteFooter({ brandName, resources, onFeedback, vendorStrip }: SiteFooterProps) {
  const { t } = useTranslation(['common', 'chrome']);
  const seen = new Map<SocialType, number>();
  const socials = resources.flatMap((resource) => {
    const type = socialTypeOf(resource.resourceType);
    if (!type || !FOOTER_SOCIAL_TYPES.includes(type) || !resource.url) return [];
    const count = (seen.get(type) ?? 0) + 1;
    seen.set(type, count);
    // Two links of one kind (two Telegram channels) get told apart: "Telegram", "Telegram 2".
    const label = count === 1 ? t(`social.${type}`) : `${t(`social.${type}`)} ${count}`;
    return [{ type, url: resource.url, label }];
  });

  const menu: FooterLink[] = [
    { to: '/', label: t('nav.home') },
    { to: '/promotions', label: t('nav.promo') },
    { to: '/pointMall', label: t('footer.pointMall') },
    { to: '/noticePage', label: t('footer.notices') },
    { to: '/join', label: t('footer.join') },
    { to: '/down', label: t('footer.download') },
  ];
  const policies: FooterLink[] = [
    { to: '/page/terms', label: t('chrome:footer.terms') },
    { to: '/page/privacy', label: t('chrome:footer.privacy') },
    { to: '/page/responsible-gaming', label: t('chrome:footer.responsibleGaming') },
  ];

  return (
    <footer className={classes.footer} data-testid="site-footer">
      <div className="w1200">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: socials.length > 0 ? 3 : 2 }} spacing="xl" py="xl">
          <FooterColumn title={t('footer.menu')} testId="footer-menu">
            {menu.map((link) => (
              <FooterAnchor key={link.to} link={link} />
            ))}
          </FooterColumn>
          <FooterColumn title={t('footer.information')} testId="footer-information">
            <HelpTopics exclude={policies.map((link) => link.label)} />
            {policies.map((link) => (
              <FooterAnchor key={link.to} link={link} />
            ))}
            {onFeedback ? (
              <UnstyledButton className={classes.link} onClick={onFeedback} data-testid="footer-feedback">
                {t('chrome:footer.feedback')}
              </UnstyledButton>
            ) : (
              <FooterAnchor link={{ to: '/help#feedback', label: t('chrome:footer.feedback') }} />
            )}
          </FooterColumn>
          {socials.length > 0 ? (
            <Stack gap="xs" data-testid="footer-links">
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
                    aria-label={social.label}
                    data-social={social.type}
                  >
                    <SocialIcon type={social.type} />
                  </ActionIcon>
                ))}
              </Group>
            </Stack>
          ) : null}
        </SimpleGrid>
        {vendorStrip}
        <Text size="xs" c="dimmed" py="md" className={classes.copyright} data-testid="copyright">
          © {COPYRIGHT_YEAR} {brandName}. {t('footer.rights')}
        </Text>
      </div>
    </footer>
  );
}

/**
 * The first help-centre categories, each a link to its section of /help; then the whole help centre. A
 * category named like one of the policy pages listed below it (responsible gaming) is left to that page.
 */
function HelpTopics({ exclude }: { exclude: readonly string[] }) {
  const { t } = useTranslation(['chrome', 'common']);
  const { data, isPending } = useHelpCenter();
  if (isPending) {
    return (
      <Stack gap={10} aria-hidden="true">
        <Skeleton height={10} width="70%" radius="xl" />
        <Skeleton height={10} width="55%" radius="xl" />
      </Stack>
    );
  }
  // Unreachable help centre: the footer still offers the page itself, which explains what went wrong.
  const taken = new Set(exclude.map((label) => label.toLocaleLowerCase()));
  const topics = (data?.categories ?? [])
    .filter((category) => !taken.has(category.title.toLocaleLowerCase()))
    .slice(0, HELP_TOPICS_SHOWN);
  return (
    <>
      {topics.map((category) => (
        <FooterAnchor
          key={category.id}
          link={{ to: `/help#${encodeURIComponent(category.key)}`, label: category.title }}
          testId="footer-help-topic"
        />
      ))}
      <FooterAnchor
        link={{
          to: '/help',
          label: topics.length > 0 ? t('footer.helpMore') : t('common:footer.helpCentre'),
        }}
      />
    </>
  );
}

function FooterColumn({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="nav" aria-label={title} data-testid={testId} align="flex-start">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function FooterAnchor({ link, testId }: { link: FooterLink; testId?: string }) {
  return (
    <Anchor component={Link} to={link.to} size="sm" className={classes.link} data-testid={testId}>
      {link.label}
    </Anchor>
  );
}
