import type { GameMenuCategory, GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { Link, useLocation } from 'react-router';
import { RefreshIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import {
  activeNavKey,
  buildCategoryEntries,
  HOME_ENTRY,
  type NavEntry,
  PROMO_ENTRY,
} from '../utils/nav-entries.ts';
import { CategoryIcon } from './category-icon.tsx';
import { CategoryNavItem } from './category-nav-item.tsx';
import classes from './nav-bar.module.css';

/** The game_menus request as the nav bar sees it (the app owns the request). */
export type NavMenus = {
  status: 'pending' | 'error' | 'success';
  categories: readonly GameMenuCategory[];
  retry: () => void;
};

export type NavBarProps = {
  menus: NavMenus;
  supportedLanguages: readonly string[];
  loggedIn: boolean;
  /** A vendor was chosen in a drop-down; the app decides what launching it means (SPEC §4). */
  onVendorSelect: (vendor: GameMenuVendor) => void;
};

/** Placeholders while the menu loads: about as wide as a few categories, so Promo barely moves. */
const PLACEHOLDERS = ['a', 'b', 'c'];

/**
 * SPEC §2 bottom nav bar: Home, one entry per category with vendors, Promo. Home and Promo render at
 * once; the categories join them when game_menus answers. On a phone the bar scrolls sideways.
 */
export function NavBar({ menus, supportedLanguages, loggedIn, onVendorSelect }: NavBarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const categories = buildCategoryEntries(menus.status === 'success' ? menus.categories : [], {
    supportedLanguages,
    loggedIn,
  });
  const active = activeNavKey([HOME_ENTRY, ...categories, PROMO_ENTRY], pathname);

  return (
    <nav className={classes.navBar} aria-label={t('nav.label')}>
      <ul className={`w1200 ${classes.list}`} aria-busy={menus.status === 'pending'} data-testid="nav-list">
        <PlainNavItem entry={HOME_ENTRY} active={active === HOME_ENTRY.key} />
        {menus.status === 'pending'
          ? PLACEHOLDERS.map((id) => (
              <li key={id} className={classes.placeholder} aria-hidden="true" data-testid="nav-placeholder" />
            ))
          : null}
        {categories.map((entry) => (
          <CategoryNavItem
            key={entry.key}
            entry={entry}
            active={active === entry.key}
            onVendorSelect={onVendorSelect}
          />
        ))}
        {menus.status === 'error' ? (
          <li className={classes.item}>
            <button
              type="button"
              className={classes.retry}
              onClick={menus.retry}
              aria-label={t('catalogue:nav.loadError')}
              title={t('catalogue:nav.loadError')}
              data-testid="nav-retry"
            >
              <RefreshIcon size={16} />
            </button>
          </li>
        ) : null}
        <PlainNavItem entry={PROMO_ENTRY} active={active === PROMO_ENTRY.key} />
      </ul>
    </nav>
  );
}

function PlainNavItem({ entry, active }: { entry: NavEntry; active: boolean }) {
  const { t } = useTranslation();
  return (
    <li className={classes.item}>
      <div className={classes.entry} data-active={active || undefined}>
        <Link
          to={entry.to}
          className={classes.link}
          data-nav={entry.key}
          data-active={active || undefined}
          aria-current={active ? 'page' : undefined}
        >
          <CategoryIcon name={entry.icon} size={16} />
          <span>{t(entry.labelKey)}</span>
        </Link>
      </div>
    </li>
  );
}
