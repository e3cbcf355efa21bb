import type {
  Menu as MantineMenu,
  Popover as MantinePopover,
  ScrollArea as MantineScrollArea,
  MenuProps,
  PopoverProps,
  TooltipProps,
} from '@mantine/core';
import {
  type ComponentType,
  cloneElement,
  createContext,
  isValidElement,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
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

const TARGET_ATTRIBUTE = 'data-deferred-target';

/** Marks a target element so its root can find it again after the swap (same attribute before and after). */
function marked(children: ReactNode, id: string | null): ReactNode {
  if (!id || !isValidElement(children)) return children;
  return cloneElement(children, { [TARGET_ATTRIBUTE]: id } as Record<string, string>);
}

/** The element marked with `id` (compared as a value: ids from useId need no selector escaping). */
function markedTarget(id: string): Element | null {
  for (const element of document.querySelectorAll(`[${TARGET_ATTRIBUTE}]`)) {
    if (element.getAttribute(TARGET_ATTRIBUTE) === id) return element;
  }
  return null;
}

/** Child indices from `root` down to `node`, to find the same element in the re-rendered target. */
function pathTo(root: Element, node: Element): number[] | null {
  const path: number[] = [];
  let current: Element | null = node;
  while (current && current !== root) {
    const parent: Element | null = current.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, current));
    current = parent;
  }
  return current === root ? path : null;
}

/**
 * When the parts arrive, the stand-in target is replaced by the real one (a new element): a keyboard user
 * focused on it (or on a button inside it) would lose focus, and Mantine could not return focus to it on
 * close. This remembers where focus was in the old target during the swap's render and puts it on the same
 * element of the new one before any effect (Mantine's focus-return records the active element in an effect).
 */
function useFocusCarry(parts: FloatingParts | null): string {
  const id = useId();
  const swapped = useRef(parts !== null);
  const focusPath = useRef<number[] | null>(null);
  if (parts && !swapped.current) {
    swapped.current = true;
    const root = markedTarget(id);
    const active = document.activeElement;
    focusPath.current = root && active && root.contains(active) ? pathTo(root, active) : null;
  }
  useLayoutEffect(() => {
    const path = focusPath.current;
    if (!parts || !path) return;
    focusPath.current = null;
    let node: Element | null | undefined = markedTarget(id);
    for (const index of path) node = node?.children[index];
    if (node instanceof HTMLElement) node.focus();
  }, [parts, id]);
  return id;
}

/**
 * Mantine records where to return focus when `opened` changes, not on mount: a controlled menu already open
 * when the parts arrive mounts closed for one commit (after useFocusCarry put focus back on its target), then
 * opens, so Escape returns focus to the target.
 */
function useArmed(parts: FloatingParts | null): boolean {
  const [armed, setArmed] = useState(loaded !== null);
  useEffect(() => {
    if (parts && !armed) setArmed(true);
  }, [parts, armed]);
  return armed;
}

function armedOpened(opened: boolean | undefined, armed: boolean): { opened?: boolean } {
  return opened === undefined ? {} : { opened: armed && opened };
}

/** Before the parts load, a Menu or Popover target asks its root to open once they arrive. */
const PendingOpen = createContext<(() => void) | null>(null);
/** The root's id for its target's marker attribute (useFocusCarry). */
const TargetId = createContext<string | null>(null);

type RootProps = { opened?: boolean; defaultOpened?: boolean; children?: ReactNode };

/**
 * The root of a Menu or Popover: the stand-in until the parts load, then the real component (`pick`).
 * A controlled root told to open (hover on a nav entry) needs the parts now.
 */
function DeferredRoot<P extends RootProps>({
  props,
  pick,
}: {
  props: P;
  pick: (parts: FloatingParts) => ComponentType<P>;
}) {
  const parts = useFloatingParts();
  const targetId = useFocusCarry(parts);
  const armed = useArmed(parts);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  useEffect(() => {
    if (props.opened && !loaded) void loadFloatingParts().catch(() => undefined);
  }, [props.opened]);
  if (parts) {
    const Real = pick(parts);
    return (
      <TargetId.Provider value={targetId}>
        <Real
          {...props}
          {...armedOpened(props.opened, armed)}
          defaultOpened={props.defaultOpened || openOnLoad}
        />
      </TargetId.Provider>
    );
  }
  const requestOpen = () => {
    setOpenOnLoad(true);
    void loadFloatingParts().catch(() => setOpenOnLoad(false));
  };
  return (
    <TargetId.Provider value={targetId}>
      <PendingOpen.Provider value={requestOpen}>{props.children}</PendingOpen.Provider>
    </TargetId.Provider>
  );
}

function MenuRoot(props: MenuProps) {
  return <DeferredRoot props={props} pick={(parts) => parts.Menu as ComponentType<MenuProps>} />;
}

type TargetProps = { onClick?: (event: unknown) => void };

/** A Menu / Popover target before the parts load: as it will look once wired, and it asks to open. */
function PendingTarget({ children }: { children: ReactNode }) {
  const requestOpen = useContext(PendingOpen);
  const targetId = useContext(TargetId);
  if (!requestOpen || !isValidElement<TargetProps>(children)) return <>{marked(children, targetId)}</>;
  return marked(
    cloneElement(children, {
      onClick: (event: unknown) => {
        children.props.onClick?.(event);
        requestOpen();
      },
    }),
    targetId,
  );
}

function MenuTarget(props: { children: ReactNode }) {
  const parts = useFloatingParts();
  const targetId = useContext(TargetId);
  if (parts) return <parts.Menu.Target {...props}>{marked(props.children, targetId)}</parts.Menu.Target>;
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
  return <DeferredRoot props={props} pick={(parts) => parts.Popover as ComponentType<PopoverProps>} />;
}

function PopoverTarget(props: { children: ReactNode }) {
  const parts = useFloatingParts();
  const targetId = useContext(TargetId);
  if (parts) {
    return <parts.Popover.Target {...props}>{marked(props.children, targetId)}</parts.Popover.Target>;
  }
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
  const targetId = useFocusCarry(parts);
  if (parts) return <parts.Tooltip {...props}>{marked(props.children, targetId)}</parts.Tooltip>;
  return marked(props.children, targetId);
}

/** ScrollArea.Autosize for inside a deferred drop-down (which renders only once the parts are loaded). */
export function ScrollAreaAutosize(props: Parameters<typeof MantineScrollArea.Autosize>[0]) {
  const parts = useFloatingParts();
  if (!parts) return null;
  return <parts.ScrollArea.Autosize {...props} />;
}
