import type { SlotTitle } from '../types.ts';
import { MECHANIC_SLOT_TITLES, type MechanicSlotCode } from './mechanic-titles.ts';
import { SLOT_TITLES, type SlotCode } from './titles.ts';

/**
 * Every slot the studio serves (issue 22): the three line titles of titles.ts and the six titles of the
 * newer mechanics. One record so play.ts, the server's catalogue and the web slot screen read the same
 * list; SLOT_TITLES stays the line titles alone, which the line engine's tests enumerate.
 */
export type StudioSlotCode = SlotCode | MechanicSlotCode;

export const STUDIO_SLOTS: Readonly<Record<StudioSlotCode, SlotTitle>> = Object.freeze({
  ...SLOT_TITLES,
  ...MECHANIC_SLOT_TITLES,
});

export function studioSlotTitle(code: string): SlotTitle | undefined {
  return Object.hasOwn(STUDIO_SLOTS, code) ? STUDIO_SLOTS[code as StudioSlotCode] : undefined;
}
