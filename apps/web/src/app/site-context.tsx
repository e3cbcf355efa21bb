import type { Permission } from '@lotus/shared/system.schema';
import { createContext, type ReactNode, use } from 'react';

/**
 * The brand configuration fetched at start, for the app layer (layout, guard, route modules). Features do
 * not read it: the app passes them the values they need as props, so each feature stays testable alone.
 */
const SiteContext = createContext<Permission | null>(null);

export function SiteProvider({ permission, children }: { permission: Permission; children: ReactNode }) {
  return <SiteContext value={permission}>{children}</SiteContext>;
}

export function useSite(): Permission {
  const permission = use(SiteContext);
  if (!permission) throw new Error('useSite() outside <SiteProvider>: the whitelabel must load first');
  return permission;
}
