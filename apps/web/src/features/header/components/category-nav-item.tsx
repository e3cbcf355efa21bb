import type { GameMenuVendor } from '@lotus/shared/catalogue.schema';
import type { MenuProps } from '@mantine/core';
import { type CSSProperties, type MouseEvent, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu } from '../../../components/ui/deferred-floating.tsx';
import { ChevronDownIcon, ToolIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useNavDropdown } from '../hooks/use-nav-dropdown.ts';
import type { NavCategoryEntry } from '../utils/nav-entries.ts';
import { vendorDropdownLayout } from '../utils/vendor-dropdown.ts';
import { CategoryIcon } from './category-icon.tsx';
import classes from './nav-bar.module.css';

type CategoryNavItemProps = {
  entry: NavCategoryEntry;
  active: boolean;
  onVendorSelect: (vendor: GameMenuVendor) => void;
};

// The entry's own link and toggle must not reach the Menu target's click toggle (the wrapper below).
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * The Menu's target is the whole entry (link and toggle), so that the drop-down is centred under it. A
 * wrapper must not carry aria-haspopup / aria-expanded, so Popover's `withRoles` is off and the toggle
 * button carries that wiring itself. Menu forwards Popover props it does not declare in its type, hence
 * the cast.
 */
const WITHOUT_TARGET_ROLES = { withRoles: false } as Partial<MenuProps>;

/**
 * One category of the nav bar: a link to the category page and its vendor drop-down (SPEC §2). The
 * drop-down opens on hover, or with the toggle button beside the label (click, tap, Enter, Space); then
 * focus moves into it, arrows and Tab move between vendors, Escape closes it and returns focus.
 */
export function CategoryNavItem({ entry, active, onVendorSelect }: CategoryNavItemProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const dropdown = useNavDropdown(pathname);
  const dropdownId = useId();
  const label = t(entry.labelKey, { defaultValue: entry.key });
  const layout = vendorDropdownLayout(entry.vendors);

  return (
    <li className={classes.item}>
      <Menu
        opened={dropdown.opened}
        onChange={dropdown.onChange}
        trigger="click"
        position="bottom"
        offset={0}
        {...WITHOUT_TARGET_ROLES}
        trapFocus={dropdown.held}
        returnFocus={dropdown.held}
        withInitialFocusPlaceholder={false}
        menuItemTabIndex={0}
        shadow="md"
        radius="md"
        transitionProps={{ duration: 100 }}
      >
        <Menu.Target>
          <div
            className={classes.entry}
            data-active={active || undefined}
            onPointerEnter={dropdown.onPointerEnter}
            onPointerLeave={dropdown.onPointerLeave}
          >
            <Link
              to={entry.to}
              className={classes.link}
              data-nav={entry.key}
              data-active={active || undefined}
              aria-current={active ? 'page' : undefined}
              onClick={stop}
            >
              <CategoryIcon name={entry.icon} size={16} />
              <span>{label}</span>
            </Link>
            <button
              type="button"
              className={classes.toggle}
              aria-label={t('catalogue:nav.showVendors', { category: label })}
              aria-haspopup="menu"
              aria-expanded={dropdown.opened}
              aria-controls={dropdown.opened ? dropdownId : undefined}
              data-testid={`nav-toggle-${entry.key}`}
              onClick={(event) => {
                stop(event);
                dropdown.toggle();
              }}
            >
              <ChevronDownIcon size={14} />
            </button>
          </div>
        </Menu.Target>
        <Menu.Dropdown
          id={dropdownId}
          aria-label={t('catalogue:nav.vendorsOf', { category: label })}
          className={classes.dropdown}
          data-align={layout.align}
          data-testid={`nav-dropdown-${entry.key}`}
          style={{ '--vendor-columns': layout.columns } as CSSProperties}
          onPointerEnter={dropdown.onPointerEnter}
          onPointerLeave={dropdown.onPointerLeave}
        >
          <div className={classes.vendorGrid}>
            {layout.vendors.map((vendor) => (
              <Menu.Item
                key={vendor.vassalage}
                className={classes.vendor}
                data-vendor={vendor.vassalage}
                onClick={() => onVendorSelect(vendor)}
              >
                <VendorTile vendor={vendor} fallbackIcon={entry.icon} />
              </Menu.Item>
            ))}
            {layout.showMore ? (
              <Menu.Item component={Link} to={entry.to} className={classes.vendor} data-more>
                <span className={classes.tile}>
                  <span className={classes.moreMark} aria-hidden="true">
                    …
                  </span>
                  <span className={classes.vendorName}>{t('catalogue:nav.more')}</span>
                </span>
              </Menu.Item>
            ) : null}
          </div>
        </Menu.Dropdown>
      </Menu>
    </li>
  );
}

function VendorTile({ vendor, fallbackIcon }: { vendor: GameMenuVendor; fallbackIcon: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  return (
    <span className={classes.tile}>
      <span className={classes.logo}>
        {vendor.logoUrl && !broken ? (
          // Decorative: the vendor's name is written beside it.
          <img
            src={vendor.logoUrl}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
            onError={() => setBroken(true)}
          />
        ) : (
          <CategoryIcon name={fallbackIcon} size={28} />
        )}
      </span>
      <span className={classes.vendorName}>{vendor.displayName}</span>
      {vendor.maintenance ? (
        <span className={classes.maintenance}>
          <ToolIcon size={12} />
          {t('catalogue:nav.maintenance')}
        </span>
      ) : null}
    </span>
  );
}
