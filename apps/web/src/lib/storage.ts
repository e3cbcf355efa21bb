/**
 * The only place that touches Web Storage. Keys are part of the product (SPEC §1 "kept locally", §4
 * "stores it (lang, hisLang)", ARCHITECTURE §3 "token in sessionStorage") and are also read by
 * public/theme-init.js before the bundle runs — keep the two in step.
 */
export const STORAGE_KEYS = {
  /** 'light' | 'dark' (localStorage). */
  theme: 'theme',
  /** Upper-case brand language code such as 'EN' or 'HI' (localStorage). */
  lang: 'lang',
  /** The language in use before the last change (localStorage). */
  hisLang: 'hisLang',
  /** Session token written by the login flow (sessionStorage). */
  token: 'token',
  /** SPEC §2 gift pop-up, seen before login / after login: '1' once shown (localStorage). */
  giftSeenVisitor: 'giftSeen:visitor',
  giftSeenMember: 'giftSeen:member',
  /** Ids of the popup (PU) announcements already shown in this browser session, comma-separated (sessionStorage). */
  popupAnnouncementsSeen: 'popupAnnouncementsSeen',
  /** SPEC §2 header balance hidden as '***': '1' when hidden, remembered per device (localStorage). */
  balanceHidden: 'balanceHidden',
  /** SPEC §2 game tile colour class per game for this session: JSON { nodeId: 1..8 } (sessionStorage). */
  gameColours: 'gameColours',
  /** SPEC §2 search modal history: JSON array of terms, most recent first (localStorage). */
  gameSearchHistory: 'gameSearchHistory',
  /** SPEC §3 lottery favourites kept locally per username: JSON { username: gameCode[] } (localStorage). */
  lotteryFavourites: 'lotteryFavourites',
  /** Issue 21 odds format preference: 'decimal' | 'fractional' | 'indian' | 'malay' (localStorage). */
  sportsOddsFormat: 'sportsOddsFormat',
  /** Issue 22 studio sound: '1' when the player turned it on; off by default (localStorage). */
  studioSound: 'studioSound',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage access throws when the browser blocks it (privacy modes, sandboxed iframes): treat that as empty.
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function readLocal(key: StorageKey): string | null {
  return safely(() => window.localStorage.getItem(key), null);
}

export function writeLocal(key: StorageKey, value: string): void {
  safely(() => window.localStorage.setItem(key, value), undefined);
}

export function readSession(key: StorageKey): string | null {
  return safely(() => window.sessionStorage.getItem(key), null);
}

export function writeSession(key: StorageKey, value: string): void {
  safely(() => window.sessionStorage.setItem(key, value), undefined);
}

export function readSessionToken(): string | null {
  const token = safely(() => window.sessionStorage.getItem(STORAGE_KEYS.token), null);
  return token ? token : null;
}

export function writeSessionToken(token: string): void {
  writeSession(STORAGE_KEYS.token, token);
}

/** Session-storage keys that survive logout (SPEC §4 "clear session storage keeping merchant keys"). */
export const MERCHANT_SESSION_KEYS = ['merchant', 'merchantCode'] as const;

/** Logout: clears session storage except the merchant keys. */
export function clearSessionKeepingMerchant(): void {
  safely(() => {
    const kept = MERCHANT_SESSION_KEYS.map((key) => [key, window.sessionStorage.getItem(key)] as const);
    window.sessionStorage.clear();
    for (const [key, value] of kept) if (value !== null) window.sessionStorage.setItem(key, value);
  }, undefined);
}
