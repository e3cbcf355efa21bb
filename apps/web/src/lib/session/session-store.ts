import { create } from 'zustand';
import { clearSessionKeepingMerchant, readSessionToken, writeSessionToken } from '../storage.ts';

/**
 * The session token (ARCHITECTURE §3: kept in sessionStorage, so it ends with the tab) mirrored in a store so
 * the header, guards and pages re-render the moment a login or logout happens.
 */
type SessionState = {
  token: string | null;
  signIn: (token: string) => void;
  signOut: () => void;
};

export const useSessionStore = create<SessionState>((set) => ({
  token: readSessionToken(),
  signIn: (token) => {
    writeSessionToken(token);
    set({ token });
  },
  signOut: () => {
    clearSessionKeepingMerchant();
    set({ token: null });
  },
}));
