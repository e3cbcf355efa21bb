import type { GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { Tabs } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './vendor-tabs.module.css';

type VendorTabsProps = {
  vendors: readonly GameMenuVendor[];
  selected: string | null;
  onSelect: (vassalage: string) => void;
};

/** One tab per vendor of the page's game type; the list scrolls sideways on a phone. */
export function VendorTabs({ vendors, selected, onSelect }: VendorTabsProps) {
  const { t } = useTranslation('games');
  return (
    <Tabs
      value={selected}
      onChange={(value) => {
        if (value) onSelect(value);
      }}
      variant="pills"
      activateTabWithKeyboard={false}
      data-testid="vendor-tabs"
    >
      <Tabs.List aria-label={t('lobby.vendors')} className={classes.list}>
        {vendors.map((vendor) => (
          <Tabs.Tab
            key={vendor.vassalage}
            value={vendor.vassalage}
            data-testid={`vendor-tab-${vendor.vassalage}`}
            leftSection={
              vendor.logoUrl ? <img src={vendor.logoUrl} alt="" className={classes.logo} /> : undefined
            }
          >
            {vendor.displayName}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
