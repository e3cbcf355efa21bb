import { readSession, STORAGE_KEYS, writeSession } from '../../../lib/storage.ts';

/** Ids of the popup (PU) announcements already shown in this browser session. */
export function readSeenPopups(): Set<string> {
  const raw = readSession(STORAGE_KEYS.popupAnnouncementsSeen) ?? '';
  return new Set(raw.split(',').filter((id) => /^\d+$/.test(id)));
}

export function markPopupsSeen(ids: readonly string[]): void {
  const seen = readSeenPopups();
  for (const id of ids) seen.add(id);
  writeSession(STORAGE_KEYS.popupAnnouncementsSeen, [...seen].join(','));
}
