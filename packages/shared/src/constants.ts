/** Business constants of SPEC §9, shared by server and browser. */
export const DEFAULT_LANGUAGE = 'EN';
export const SUPPORTED_LANGUAGES = ['EN', 'HI'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

export const CLIENT_TYPE = 3;
export const ANNOUNCEMENT_PLATFORM = 'W';
export const GAME_LIST_PLATFORM = 'flash,html5-desktop';
export const VENDOR_LIST_PLATFORM = 'html5-desktop';
export const MERCHANT_LOTTERY_TYPE = 'SEA';
export const FORCED_CHANGE_PASSWORD = '{secret}';
export const REMEMBER_LOGIN_MS = 86_400_000;

export const SMS_THROTTLE_MS = 1000;
export const CAPTCHA_REFRESH_MS = 1000;
export const FAVOURITE_THROTTLE_MS = 1000;
export const DEFAULT_SMS_EXPIRED_MINUTES = 1;
export const REGISTER_MOBILE_MAX_LENGTH = 11;
export const VERIFICATION_CODE_MAX_LENGTH = 255;

export const BANNER_AUTOPLAY_MS = 5000;
export const JACKPOT_DIGIT_HEIGHT = 78;
export const BALANCE_REFRESH_DELAY_MS = 300;
export const MODAL_TRANSITION_MS = 100;
export const DIALOG_WIDTH = 400;
export const CHUNK_TIMEOUT_MS = 120_000;

export const ANNOUNCEMENTS_PER_PAGE = 9;
export const GAME_LIST_PAGE_SIZE = 20;
export const RECENT_PAGE_SIZE = 20;
export const RECENT_SEARCH_PAGE_SIZE = 10;
export const FAVOURITE_PAGE_SIZE = 20;
export const SEARCH_PAGE_SIZE = 24;
export const WINNER_BOARD_SIZE = 20;
export const POPULAR_LOTTERY_COUNT = 20;
export const VN_NUMBERS_COUNT = 100;
export const NAV_DROPDOWN_VENDORS = 11;

export const AGENT_TYPES = [1, 2, 4, 41, 42] as const;
export const AGENT_CENTRE_TYPES = [1, 2, 41, 42] as const;
export const VIP_RANK_ABOVE = 4;
export const REAL_TIME_SALARY_MINUTES = 5;
export const ACTIVITY_REMARK_MAX = 140;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 3;
/** Feedback content length in characters, after trimming (server rule and the web form's counter). */
export const FEEDBACK_MIN = 10;
export const FEEDBACK_MAX = 500;
export const FEEDBACK_CONTACT_MAX = 100;
export const MINIMUM_AGE = 21;
export const GAME_COLOUR_CLASSES = 8;
export const DEFAULT_CURRENCY_SYMBOL = 'P';
export const DEFAULT_THEME = 'light';
