import { lazy, Suspense, useState } from 'react';
import type { AppModalProps } from './app-modal.tsx';

const AppModal = lazy(() => import('./app-modal.tsx').then((m) => ({ default: m.AppModal })));

/**
 * AppModal for dialogs of the site's chrome (side menu, header, catalogue overlays), which is in every
 * page's first bundle: renders nothing until first opened, then loads Mantine's modal (and its scroll lock,
 * focus trap and ScrollArea) on demand, so the first page stays within its size budget (issue 7). Once
 * opened it stays mounted, so later closings run the exit transition and give focus back (AppModal covers a
 * dialog mounted already open).
 */
export function LazyAppModal(props: AppModalProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used && !props.opened) return null;
  return (
    <Suspense fallback={null}>
      <AppModal {...props} />
    </Suspense>
  );
}
