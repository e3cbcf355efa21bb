import { describe, expect, it } from 'vitest';
import { vendorDropdownLayout } from './vendor-dropdown.ts';

const vendors = (count: number) => Array.from({ length: count }, (_, index) => `V${index + 1}`);

describe('vendor drop-down layout (SPEC §2)', () => {
  it('centres up to five vendors in one row, without a more entry', () => {
    for (const count of [1, 2, 5]) {
      expect(vendorDropdownLayout(vendors(count))).toEqual({
        vendors: vendors(count),
        showMore: false,
        align: 'center',
        columns: count,
      });
    }
  });

  it('switches to a left-aligned grid from six vendors on', () => {
    expect(vendorDropdownLayout(vendors(6))).toMatchObject({ align: 'grid', columns: 6, showMore: false });
    expect(vendorDropdownLayout(vendors(10))).toMatchObject({ align: 'grid', columns: 6, showMore: false });
  });

  it('shows 11 vendors and a more entry when exactly 11 are shown', () => {
    const layout = vendorDropdownLayout(vendors(11));
    expect(layout.vendors).toEqual(vendors(11));
    expect(layout).toMatchObject({ showMore: true, align: 'grid', columns: 6 });
  });

  it('cuts a longer list to its first 11, with the more entry', () => {
    const layout = vendorDropdownLayout(vendors(30));
    expect(layout.vendors).toEqual(vendors(11));
    expect(layout.showMore).toBe(true);
  });

  it('has nothing to lay out for no vendors', () => {
    expect(vendorDropdownLayout([])).toEqual({ vendors: [], showMore: false, align: 'center', columns: 0 });
  });
});
