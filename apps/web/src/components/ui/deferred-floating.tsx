import type {
  Menu as MantineMenu,
  Popover as MantinePopover,
  ScrollArea as MantineScrollArea,
  MenuProps,
  PopoverProps,
  TooltipProps,
} from '@mantine/core';
import {
  cloneElement,
  createContext,
  isValidElement,
  type ReactNode,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type * as FloatingPartsModule from './floating-parts.ts';

/**
 * Drop-in stand-ins for Mantine's Menu, Popover, Tooltip and ScrollArea.Autosize, for the site's chrome
 * (header, side menu), which is in every page's first bundle. Mantine's versions bring floating-ui, the
 * focus trap and the transitions (about 35 kB gzip) that nothing on the first paint needs: a drop-down is
 * closed and a tooltip hidden then. So the first render shows only the targets, the real components load
 * once the browser is idle (issue 7 first-load budget), and then replace the stand-ins with the same props.
 * A target used before that (a click, Enter or Space, hover on a controlled menu) loads them at once and
 * opens its menu when they arrive.
 */
type FloatingParts = typeof FloatingPartsModule;

let loaded: FloatingParts | null = null;
let loading: Promise<FloatingParts> | null = null;
const subscribers = new Set<() => void>();

export function loadFloatingParts(): Promise<FloatingParts> {
  loading ??= import('./floating-parts.ts').then(
    (parts) => {
      loaded = parts;
      for (const notify of subscribers) notify();
      return parts;
    },
    (error: unknown) => {
      loading = null; // a later use tries again (e.g. after a network blip)
      throw error;
    },
  );
  return loading;
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run, { timeout: 2000 })
    : window.setTimeout(run, 200);

/** The loaded components, or null until they arrive; starts loading them once the browser is idle. */
function useFloatingParts(): FloatingParts | null {
  const parts = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (!loaded) whenIdle(() => void loadFloatingParts().catch(() => undefined));
  }, []);
  return parts;
}

/** Before the parts load, a Menu or Popover target asks its root to open once they arrive. */
const PendingOpen = createContext<(() => void) | null>(null);

function MenuRoot(props: MenuProps) {
  const parts = useFloatingParts();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  // A controlled menu told to open (hover on a nav entry) needs the parts now.
  useEffect(() => {
    if (props.opened && !loaded) void loadFloatingParts().catch(() => undefined);
  }, [props.opened]);
  if (parts) return <parts.Menu {...props} defaultOpened={props.defaultOpened || openOnLoad} />;
  const requestOpen = () => {
    setOpenOnLoad(true);
    void loadFloatingParts().catch(() => setOpenOnLoad(false));
  };
  return <PendingOpen.Provider value={requestOpen}>{props.children}</PendingOpen.Provider>;
}

type TargetProps = { onClick?: (event: unknown) => void };

/** A Menu / Popover target before the parts load: as it will look once wired, and it asks to open. */
function PendingTarget({ children }: { children: ReactNode }) {
  const requestOpen = useContext(PendingOpen);
  if (!requestOpen || !isValidElement<TargetProps>(children)) return <>{children}</>;
  return cloneElement(children, {
    onClick: (event: unknown) => {
      children.props.onClick?.(event);
      requestOpen();
    },
  });
}

function MenuTarget(props: { children: ReactNode }) {
  const parts = useFloatingParts();
  if (parts) return <parts.Menu.Target {...props} />;
  return <PendingTarget>{props.children}</PendingTarget>;
}

// The menu's insides render only once loaded: a menu is always closed before that.
function MenuDropdown(props: object) {
  const parts = useFloatingParts();
  return parts ? <parts.Menu.Dropdown {...props} /> : null;
}

function MenuItem(props: object) {
  const parts = useFloatingParts();
  return parts ? <parts.Menu.Item {...props} /> : null;
}

function MenuLabel(props: object) {
  const parts = useFloatingParts();
  return parts ? <parts.Menu.Label {...props} /> : null;
}

function MenuDivider(props: object) {
  const parts = useFloatingParts();
  return parts ? <parts.Menu.Divider {...props} /> : null;
}

export const Menu = Object.assign(MenuRoot, {
  Target: MenuTarget as unknown as typeof MantineMenu.Target,
  Dropdown: MenuDropdown as unknown as typeof MantineMenu.Dropdown,
  Item: MenuItem as unknown as typeof MantineMenu.Item,
  Label: MenuLabel as unknown as typeof MantineMenu.Label,
  Divider: MenuDivider as unknown as typeof MantineMenu.Divider,
});

function PopoverRoot(props: PopoverProps) {
  const parts = useFloatingParts();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  // A controlled pop-over told to open (hover on its target) needs the parts now.
  useEffect(() => {
    if (props.opened && !loaded) void loadFloatingParts().catch(() => undefined);
  }, [props.opened]);
  if (parts) return <parts.Popover {...props} defaultOpened={props.defaultOpened || openOnLoad} />;
  const requestOpen = () => {
    setOpenOnLoad(true);
    void loadFloatingParts().catch(() => setOpenOnLoad(false));
  };
  return <PendingOpen.Provider value={requestOpen}>{props.children}</PendingOpen.Provider>;
}

function PopoverTarget(props: { children: ReactNode }) {
  const parts = useFloatingParts();
  if (parts) return <parts.Popover.Target {...props} />;
  return <PendingTarget>{props.children}</PendingTarget>;
}

function PopoverDropdown(props: object) {
  const parts = useFloatingParts();
  if (!parts) return null;
  return <parts.Popover.Dropdown {...props} />;
}

export const Popover = Object.assign(PopoverRoot, {
  Target: PopoverTarget as unknown as typeof MantinePopover.Target,
  Dropdown: PopoverDropdown as unknown as typeof MantinePopover.Dropdown,
});

/** Until loaded, only the element the tooltip describes (its label shows on hover or focus, later). */
export function Tooltip(props: TooltipProps) {
  const parts = useFloatingParts();
  if (parts) return <parts.Tooltip {...props} />;
  return props.children;
}

/** ScrollArea.Autosize for inside a deferred drop-down (which renders only once the parts are loaded). */
export function ScrollAreaAutosize(props: Parameters<typeof MantineScrollArea.Autosize>[0]) {
  const parts = useFloatingParts();
  if (!parts) return null;
  return <parts.ScrollArea.Autosize {...props} />;
}
