// Mantine's floating components (drop-downs, tooltips, pop-overs and the ScrollArea inside a drop-down),
// with floating-ui, focus trap and transitions behind them: one chunk, loaded after the first paint by
// ./deferred-floating.tsx. Import them from there, never from '@mantine/core', in code of the first bundle.
export { Menu, Popover, ScrollArea, Tooltip } from '@mantine/core';
