import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LotusMark } from '../../../components/ui/lotus-mark.tsx';
import { buildNavEntries, isNavEntryActive } from '../utils/nav-entries.ts';
import classes from './site-header.module.css';

type SiteHeaderProps = {
  brandName: string;
  supportedLanguages: readonly string[];
  /** Top-bar controls composed by the app (language selector, theme toggle, login entry). */
  actions: ReactNode;
};

export function SiteHeader({ brandName, supportedLanguages, actions }: SiteHeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = buildNavEntries(supportedLanguages);

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
      <nav className={classes.navBar} aria-label={t('nav.label')}>
        <ul className={`w1200 ${classes.navList}`}>
          {entries.map((entry) => {
            const active = isNavEntryActive(entry, pathname);
            return (
              <li key={entry.key}>
                <Link
                  to={entry.to}
                  className={classes.navLink}
                  data-nav={entry.key}
                  data-active={active || undefined}
                  aria-current={active ? 'page' : undefined}
                >
                  {t(entry.labelKey)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
