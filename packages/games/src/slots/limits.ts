/**
 * Bounds shared by every slot mechanic (engine.ts and mechanics.ts). A round awards at most this many free
 * spins in total (a retrigger past it adds only what is left): it bounds a round's work and its worst-case
 * liability, and the exact RTPs model it.
 */
export const MAX_FREE_SPINS_PER_ROUND = 100;
