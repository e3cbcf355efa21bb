import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LotusMark } from '../../../components/ui/lotus-mark.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { NavBar, type NavBarProps } from './nav-bar.tsx';
import classes from './site-header.module.css';

type SiteHeaderProps = {
  brandName: string;
  supportedLanguages: readonly string[];
  /** Top-bar controls composed by the app (language selector, theme toggle, login entry). */
  actions: ReactNode;
  /** The bottom nav bar's game categories and what choosing a vendor does (composed by the app). */
  nav: Omit<NavBarProps, 'supportedLanguages'>;
};

export function SiteHeader({ brandName, supportedLanguages, actions, nav }: SiteHeaderProps) {
  const { t } = useTranslation();

  return (
    <header className={classes.header} data-testid="site-header">
      <div className={classes.topBar}>
        <div className={`w1200 ${classes.topBarInner}`}>
          <Link to="/" className={classes.brand} aria-label={t('header.homeLink', { brand: brandName })}>
            <LotusMark size={30} />
            <Text span fw={800} fz={{ base: 'lg', sm: 'xl' }} className={classes.brandName}>
              {brandName}
            </Text>
          </Link>
          <Group gap={6} wrap="nowrap">
            {actions}
          </Group>
        </div>
      </div>
      <NavBar {...nav} supportedLanguages={supportedLanguages} />
    </header>
  );
}
