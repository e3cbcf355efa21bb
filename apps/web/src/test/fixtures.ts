import type { MemberInfo } from '@lotus/shared/auth.schema';
import type { Permission, SystemStatus } from '@lotus/shared/system.schema';

/** A brand configuration shaped like the server's whitelabel response (values are test data). */
export function makePermission(
  site: Partial<Permission['site']> = {},
  rest: Partial<Permission> = {},
): Permission {
  return {
    site: {
      brand: 'lotus',
      brandName: 'Lotus Test',
      platform: 'W',
      merchant: 'LOTUS',
      merchantCode: 'LOTUS',
      lotteryType: 'SEA',
      device: 'W',
      defaultLanguage: 'EN',
      supportedLanguages: ['EN', 'HI'],
      prizeModes: [],
      announcementTypes: [],
      defaultExecution: 'B',
      chatHeaderColor: '#c2255c',
      currencySymbol: 'P',
      loggedInToHomePage: false,
      categoryRules: [],
      ...site,
    },
    whitelabel: [],
    registration: [],
    resources: [],
    customerService: {
      liveChatUrl: 'https://chat.example.test/live',
      vipUrl: null,
      email: null,
      phone: null,
    },
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    location: { ip: '203.0.113.7', countryCode: 'IN', countryDialingCode: '91' },
    maintenance: false,
    regionRestriction: false,
    ...rest,
  };
}

export function makeStatus(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    status: 0,
    ip: '203.0.113.7',
    countryCode: 'IN',
    maintenanceMessage: null,
    customerServiceUrl: null,
    ...overrides,
  };
}

/** A signed-in member as /wps/member/info answers, nothing optional filled in (values are test data). */
export function makeMember(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: '7',
    account: 'demo_player',
    nickname: null,
    type: 0,
    toUpline: false,
    clubLabel: { labelName: null, rankLevel: 0 },
    memberLabel: [],
    isAgent: false,
    isTrial: false,
    firstTimeLogin: false,
    avatarUrl: null,
    language: null,
    mobileNum: null,
    hasEmail: false,
    passwordChangeRequired: false,
    ...overrides,
  };
}

/** The demo player as the header shows them: nickname, club and member labels, an avatar, English. */
export function makeLabelledMember(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return makeMember({
    nickname: 'Demo Player',
    clubLabel: { labelName: 'Silver', rankLevel: 2 },
    memberLabel: [{ labelName: 'Verified' }],
    avatarUrl: '/avatars/avatar-3.svg',
    language: 'EN',
    ...overrides,
  });
}
