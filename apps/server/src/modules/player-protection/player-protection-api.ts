import type { PlayProtectionGate } from '../auth/auth-api.ts';

/** What other modules may use of player protection: the auth module's login gate (types only). */
export type PlayerProtectionApi = {
  /** Refuses an excluded member's login; gives a new login session its reality check and time limit. */
  gate: PlayProtectionGate;
};
