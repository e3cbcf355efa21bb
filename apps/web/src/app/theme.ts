import { createTheme } from '@mantine/core';

/**
 * Lotus brand theme. Pink (the lotus) as primary, a darker shade in light mode so white text on filled
 * buttons keeps WCAG AA contrast.
 */
export const theme = createTheme({
  primaryColor: 'pink',
  primaryShade: { light: 8, dark: 7 },
  defaultRadius: 'md',
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});
