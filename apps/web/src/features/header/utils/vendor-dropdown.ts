import { NAV_DROPDOWN_VENDORS } from '@lotus/shared/constants';

/** From this many vendors on, the drop-down is a left-aligned grid instead of a centred row. */
export const DROPDOWN_GRID_FROM = 6;
/** Columns of the grid (11 vendors and 'more' make two full rows). */
export const DROPDOWN_GRID_COLUMNS = 6;

export type VendorDropdownLayout<V> = {
  /** At most NAV_DROPDOWN_VENDORS (11), in the server's order. */
  vendors: V[];
  /** The 'more' entry (to the category page) when the list is full, i.e. exactly 11 are shown. */
  showMore: boolean;
  align: 'center' | 'grid';
  /** Tiles per row: all of them in a centred row, else the grid's columns (fewer if there are fewer tiles). */
  columns: number;
};

/**
 * SPEC §2: "Each nav item shows a drop-down of up to 11 vendors per game type, with a 'more' entry when
 * exactly 11; centred unless 6 or more."
 */
export function vendorDropdownLayout<V>(vendors: readonly V[]): VendorDropdownLayout<V> {
  const shown = vendors.slice(0, NAV_DROPDOWN_VENDORS);
  const showMore = shown.length === NAV_DROPDOWN_VENDORS;
  const tiles = shown.length + (showMore ? 1 : 0);
  const grid = shown.length >= DROPDOWN_GRID_FROM;
  return {
    vendors: shown,
    showMore,
    align: grid ? 'grid' : 'center',
    columns: grid ? Math.min(DROPDOWN_GRID_COLUMNS, tiles) : tiles,
  };
}
