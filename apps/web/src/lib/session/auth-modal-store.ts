import { create } from 'zustand';

/**
 * Which account modal is open (SPEC §2 "Modals": login, register, forgot password, change password, plus
 * the dialogs of the account flows). One at a time, so opening one replaces another, and any feature can
 * ask for one without knowing where it is rendered (app/auth-modals/auth-modals.tsx mounts them).
 */
export type AuthModal =
  /** `username`: typed in the header's inline form, pre-filled in the dialog. */
  /** `captcha`: the server already asked for one (the header's form handed over), so show it at once. */
  | { kind: 'login'; username?: string; captcha?: boolean }
  | { kind: 'register'; affiliateCode?: string }
  | { kind: 'forgotPassword' }
  /** `forced`: first login or expired password; cannot be dismissed without signing out. */
  | { kind: 'changePassword'; forced: boolean; oldPassword?: string }
  /** One-click registration's credentials, shown once. */
  | { kind: 'oneClickResult'; username: string; password: string }
  /** SPEC §6: type-4 and trial accounts meet `in_need_true_account`. */
  | { kind: 'trueAccountRequired' }
  | { kind: 'logoutConfirm' }
  /**
   * The server ended the session for the player's own protection (issue 17): a break or self-exclusion
   * just taken (`exclusion`, with its end), or the session time limit (`play_session_limit_reached`).
   */
  | { kind: 'signedOut'; reason: SignedOutReason };

export type SignedOutReason =
  | { code: 'exclusion'; exclusion: 'cool_off' | 'self_exclusion'; endsAt: string }
  | { code: 'play_session_limit_reached' };

type AuthModalState = {
  modal: AuthModal | null;
  open: (modal: AuthModal) => void;
  close: () => void;
};

export const useAuthModal = create<AuthModalState>((set) => ({
  modal: null,
  open: (modal) => set({ modal }),
  close: () => set({ modal: null }),
}));

/** For code outside React (event handlers in plain modules). */
export function openAuthModal(modal: AuthModal): void {
  useAuthModal.getState().open(modal);
}
