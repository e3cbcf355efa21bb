import {
  ANNOUNCEMENT_PLATFORM,
  DEFAULT_LANGUAGE,
  MERCHANT_LOTTERY_TYPE,
  SUPPORTED_LANGUAGES,
  VERIFICATION_CODE_MAX_LENGTH,
} from '@lotus/shared/constants';
import type { RegistrationFieldKey, RegistrationInputType } from '@lotus/shared/registration-rules';
import type { CategoryRuleRow, MaintenanceMessages } from '../schema.ts';

/**
 * The demo brand "Lotus" every fresh database starts with: complete enough for every screen of the shell
 * to render. URLs point at the site's own pages, or at example.com sub-domains where an outside service
 * would live (chat, social pages) — never at a real third party's account. Operators change any of it with
 * `npm run ops -- brand:set` or SQL.
 */

export const DEMO_BRAND = {
  code: 'lotus',
  name: 'Lotus',
  platform: ANNOUNCEMENT_PLATFORM,
  merchant: 'lotus-demo',
  merchantCode: 'LOTUSDEMO',
  lotteryType: MERCHANT_LOTTERY_TYPE,
  device: 'DESKTOP',
  defaultLanguage: DEFAULT_LANGUAGE,
  supportedLanguages: [...SUPPORTED_LANGUAGES] as string[],
  prizeModes: ['Lott', 'ZY', 'Elott', 'SEA'],
  announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
  defaultExecution: 'B',
  chatHeaderColor: '#C2185B',
  // The demo brand is Indian (rupees, UPI, +91): its money shows as ₹. A brand without a symbol shows 'P' (SPEC §9).
  currencySymbol: '₹',
  defaultDialingCode: '+91',
  loggedInToHomePage: false,
  maintenance: false,
  maintenanceMessage: {
    EN: 'Lotus is being upgraded and will be back shortly. Thank you for your patience.',
    HI: 'Lotus का उन्नयन किया जा रहा है और यह जल्द ही वापस आएगा। धैर्य रखने के लिए धन्यवाद।',
  } satisfies MaintenanceMessages,
  regionRestriction: true,
  restrictedCountries: ['US', 'GB', 'FR', 'NL', 'AU', 'SG'],
  // Analytics stay off in the demo: a tag id would make every browser call a third party.
  gtagId: null,
  // Empty: images and game launches are served by this server (same origin). An operator adds CDN origins
  // such as https://img1.lotus.example.com (no trailing slash).
  imageCdns: [] as string[],
  launchGameCdns: [] as string[],
  liveChatUrl: 'https://chat.lotus.example.com/',
  vipChatUrl: 'https://vip-chat.lotus.example.com/',
  supportEmail: 'support@lotus.example.com',
  supportPhone: '+1 202 555 0143',
  // SPEC §3: categories built from another category's vendors or classified games. Only JP is on: the
  // studio's three jackpot slots (lotus-fortune, golden-diya, lakshmi-coins) make a Jackpot entry beside
  // slots (issue 22: a header entry needs three playable games; the others would list none or move games).
  categoryRules: [
    {
      category: 'ESPORTS',
      enabled: false,
      sourceCategory: 'SPORTS',
      insertAfter: 'SPORTS',
      gameClassify: null,
    },
    {
      category: 'COCKFIGHT',
      enabled: false,
      sourceCategory: 'LIVE',
      insertAfter: 'LIVE',
      gameClassify: null,
    },
    { category: 'INHOUSE', enabled: false, sourceCategory: 'RNG', insertAfter: 'RNG', gameClassify: null },
    { category: 'FB', enabled: false, sourceCategory: 'SPORTS', insertAfter: 'SPORTS', gameClassify: null },
    { category: 'JP', enabled: true, sourceCategory: 'RNG', insertAfter: 'RNG', gameClassify: 'JACKPOT' },
  ] satisfies CategoryRuleRow[],
};

export const DEMO_DOMAINS = [
  { host: 'localhost', speed: 1 },
  { host: '127.0.0.1', speed: 2 },
];

type NodeSeed = { modId: string; parent: string | null; enabled: boolean; description: string };

/**
 * Whitelabel tree: three modules, with every SPEC §3 flag under the module it belongs to. A flag under a
 * disabled module counts as off (`isFlagEnabled`), so an operator can switch a whole module at once.
 */
export const DEMO_WHITELABEL: NodeSeed[] = [
  { modId: 'LOGIN3', parent: null, enabled: true, description: 'Login options' },
  {
    modId: 'MOBILEVERCODELOGIN3',
    parent: 'LOGIN3',
    enabled: true,
    description: 'Login by mobile number and SMS code',
  },
  { modId: 'FREEPLAY3', parent: 'LOGIN3', enabled: true, description: 'Free-play demo login for guests' },
  { modId: 'REGISTER3', parent: null, enabled: true, description: 'Registration options' },
  { modId: 'USERNAMEREG3', parent: 'REGISTER3', enabled: true, description: 'Register with a username' },
  {
    modId: 'MOBILENUMREG3',
    parent: 'REGISTER3',
    enabled: true,
    description: 'Mobile number field on registration',
  },
  {
    modId: 'MOBILENUMPASSREG3',
    parent: 'REGISTER3',
    enabled: true,
    description: 'Register with mobile number and password',
  },
  {
    modId: 'REGMOBVERF3',
    parent: 'REGISTER3',
    enabled: false,
    description: 'Verify the mobile number by SMS code on registration',
  },
  {
    modId: 'DIRECTREG3',
    parent: 'REGISTER3',
    enabled: true,
    description: 'Log the new player in directly after registration',
  },
  { modId: 'PASSWORD3', parent: null, enabled: true, description: 'Password management' },
  {
    modId: 'CHNGPASSVERIF3',
    parent: 'PASSWORD3',
    enabled: true,
    description: 'Forgot password by mobile verification (with CHNGPASSMAIL3: e-mail/mobile switch)',
  },
  { modId: 'CHNGPASSMAIL3', parent: 'PASSWORD3', enabled: true, description: 'Forgot password by e-mail' },
  {
    modId: 'PWDEXPFORCECHANGE3',
    parent: 'PASSWORD3',
    enabled: true,
    description: 'Force a password change when the password has expired',
  },
  // Issue 19: the member referral promotion (invite friends; the side bar's Share opens it when on).
  {
    modId: 'REFERRAL3',
    parent: null,
    enabled: true,
    description: 'Member referral promotion (invite friends)',
  },
];

type RuleSeed = {
  key: RegistrationFieldKey;
  enabled: boolean;
  required: boolean;
  patternId: number | null;
  minLength: number | null;
  maxLength: number | null;
  type: RegistrationInputType;
};

const rule = (
  key: RegistrationFieldKey,
  type: RegistrationInputType,
  enabled: boolean,
  required: boolean,
  patternId: number | null,
  minLength: number | null,
  maxLength: number | null,
): RuleSeed => ({ key, type, enabled, required, patternId, minLength, maxLength });

/** Registration field rules, in form order (SPEC §3 "Registration user" and the labelled KYC fields). */
export const DEMO_REGISTRATION_RULES: RuleSeed[] = [
  rule('username', 'text', true, true, 1, 4, 16),
  rule('password', 'password', true, true, 5, 6, 20),
  rule('confirmPassword', 'password', true, true, null, 6, 20),
  rule('mobileNum', 'tel', true, false, 6, 7, 11),
  rule('verificationCode', 'code', true, false, 6, 4, VERIFICATION_CODE_MAX_LENGTH),
  rule('captcha', 'captcha', true, true, 4, 4, 4),
  rule('payeeName', 'text', true, false, 21, 2, 50),
  rule('email', 'email', true, false, 3, 5, 100),
  rule('nickname', 'text', true, false, 0, 2, 20),
  rule('affiliateCode', 'text', true, false, 4, 4, 20),
  rule('referralCode', 'text', true, false, 4, 4, 20),
  rule('whatsapp', 'tel', true, false, 20, 7, 15),
  rule('telegram', 'text', true, false, 19, 5, 32),
  rule('recommenderId', 'text', false, false, 4, 4, 16),
  rule('paymentPassword', 'password', false, false, 6, 6, 6),
  rule('qqNum', 'text', false, false, 6, 5, 12),
  rule('line', 'text', false, false, 10, 4, 50),
  rule('facebook', 'text', false, false, 10, 5, 50),
  rule('wechat', 'text', false, false, 10, 6, 20),
  rule('zalo', 'tel', false, false, 20, 7, 15),
  rule('idNumber', 'text', false, false, 4, 6, 30),
  rule('fullName', 'text', false, false, 16, 3, 60),
  rule('birthday', 'date', false, false, 11, 10, 10),
  rule('nationality', 'text', false, false, 9, 2, 60),
  rule('placeOfBirth', 'text', false, false, 21, 2, 60),
  rule('occupation', 'text', false, false, 21, 2, 60),
  rule('sourceOfIncome', 'text', false, false, 21, 2, 60),
  rule('address', 'text', false, false, 22, 5, 200),
  rule('permanentAddress', 'text', false, false, 22, 5, 200),
  rule('currentAddress', 'text', false, false, 22, 5, 200),
];

type ResourceSeed = { type: string; url: string; qrCodeUrl: string | null; label: string | null };

/**
 * Social links (right side bar and footer), app downloads (QR codes on the side bar; the browser draws the
 * QR from `url` when `qrCodeUrl` is null) and the register pop-up.
 */
export const DEMO_RESOURCES: ResourceSeed[] = [
  { type: 'FACEBOOK', url: 'https://facebook.example.com/lotus', qrCodeUrl: null, label: 'Facebook' },
  { type: 'TWITTER', url: 'https://x.example.com/lotus', qrCodeUrl: null, label: 'X (Twitter)' },
  { type: 'YOUTUBE', url: 'https://youtube.example.com/@lotus', qrCodeUrl: null, label: 'YouTube' },
  {
    type: 'TELEGRAM',
    url: 'https://telegram.example.com/lotus_official',
    qrCodeUrl: null,
    label: 'Telegram',
  },
  {
    type: 'TELEGRAM',
    url: 'https://telegram.example.com/lotus_support',
    qrCodeUrl: null,
    label: 'Telegram support',
  },
  { type: 'WHATSAPP', url: 'https://whatsapp.example.com/lotus', qrCodeUrl: null, label: 'WhatsApp' },
  { type: 'INSTAGRAM', url: 'https://instagram.example.com/lotus', qrCodeUrl: null, label: 'Instagram' },
  { type: 'VIBER', url: 'https://viber.example.com/lotus', qrCodeUrl: null, label: 'Viber' },
  { type: 'THREADS', url: 'https://threads.example.com/@lotus', qrCodeUrl: null, label: 'Threads' },
  { type: 'APP_IOS', url: '/down#ios', qrCodeUrl: null, label: 'iOS app' },
  { type: 'APP_ANDROID', url: '/down#android', qrCodeUrl: null, label: 'Android app' },
  { type: 'APP_MOBILE_CONFIG', url: '/down#lite', qrCodeUrl: null, label: 'Lite app (mobile config)' },
  { type: 'REGISTER_POPUP', url: '/promotions', qrCodeUrl: null, label: 'Welcome gift for new players' },
];
