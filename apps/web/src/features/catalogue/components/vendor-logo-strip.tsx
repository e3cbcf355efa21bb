import type { GameMenuCategory } from '@lotus/shared/catalogue.schema';
import { Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { footerVendors } from '../utils/footer-vendors.ts';
import classes from './vendor-logo-strip.module.css';

/**
 * SPEC §2 footer "row of vendor logos": every enabled vendor once, each linking to its category page.
 * Nothing at all while there is no vendor (or the menu has not loaded): the footer simply has no row.
 */
export function VendorLogoStrip({ categories }: { categories: readonly GameMenuCategory[] }) {
  const { t } = useTranslation('catalogue');
  const vendors = footerVendors(categories);
  if (vendors.length === 0) return null;
  return (
    <section className={classes.strip} aria-label={t('footer.vendors')} data-testid="footer-vendors">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed">
        {t('footer.vendors')}
      </Title>
      <ul className={classes.list}>
        {vendors.map(({ vendor, page }) => (
          <li key={vendor.vassalage}>
            <Link
              to={page}
              className={classes.link}
              title={vendor.displayName}
              data-vendor={vendor.vassalage}
            >
              {vendor.logoUrl ? (
                <img
                  src={vendor.logoUrl}
                  alt={vendor.displayName}
                  width={48}
                  height={48}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className={classes.name}>{vendor.displayName}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
