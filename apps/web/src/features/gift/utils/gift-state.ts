import type { Resource } from '@lotus/shared/system.schema';
import { readLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage.ts';

/** SPEC §2 "if the register-pop-up resource exists". */
export const GIFT_RESOURCE_TYPE = 'REGISTER_POPUP';

export function giftResource(resources: readonly Resource[]): Resource | null {
  return resources.find((resource) => resource.resourceType.toUpperCase() === GIFT_RESOURCE_TYPE) ?? null;
}

/** Before and after login are tracked separately (SPEC §2 "once per visitor state"). */
function keyFor(loggedIn: boolean) {
  return loggedIn ? STORAGE_KEYS.giftSeenMember : STORAGE_KEYS.giftSeenVisitor;
}

export function hasSeenGift(loggedIn: boolean): boolean {
  return readLocal(keyFor(loggedIn)) === '1';
}

export function markGiftSeen(loggedIn: boolean): void {
  writeLocal(keyFor(loggedIn), '1');
}

/** Where the gift's button leads: registration for a visitor, the resource's address for a member. */
export type GiftTarget = { kind: 'route'; to: string } | { kind: 'external'; href: string } | null;

export function giftTarget(resource: Resource, loggedIn: boolean): GiftTarget {
  if (!loggedIn) return { kind: 'route', to: '/register' };
  const url = resource.url.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return { kind: 'route', to: url };
  try {
    const { protocol, href } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? { kind: 'external', href } : null;
  } catch {
    return null;
  }
}
