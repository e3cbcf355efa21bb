import { z } from 'zod';
import type { WhitelabelNode } from './whitelabel-flags.ts';

export { isFlagEnabled, type WhitelabelNode } from './whitelabel-flags.ts';

import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/**
 * Brand configuration as the API serves it (SPEC §1 brand configuration, §3 site configuration,
 * permission response, whitelabel flags). The server builds these from the database; the browser
 * parses them lazily (never on the home page's eager path — see ARCHITECTURE §1 traps).
 */

/** Whitelabel flags SPEC §3 names; every one is a node somewhere in the brand's whitelabel tree. */
export const WHITELABEL_FLAGS = [
  'CHNGPASSVERIF3',
  'CHNGPASSMAIL3',
  'MOBILEVERCODELOGIN3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'USERNAMEREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'DIRECTREG3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({ modId: z.string(), enabled: z.enum(['1', '0']), childrenNodes: z.array(whitelabelNodeSchema) }),
);

/** Registration field rule (SPEC §3). `patternId` indexes reg_pattern_0..23. */
export const registrationFieldRuleSchema = z.object({
  key: z.string(),
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string().nullable(),
  patternId: z.number().int().min(0).max(23).nullable(),
  minLength: z.number().int().nullable(),
  maxLength: z.number().int().nullable(),
  type: z.string(),
});
export type RegistrationFieldRule = z.infer<typeof registrationFieldRuleSchema>;

export const resourceSchema = z.object({
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.string().nullable(),
  labelNameEn: z.string().nullable(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const customerServiceSchema = z.object({
  liveChatUrl: z.string().nullable(),
  vipUrl: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const locationSchema = z.object({
  ip: z.string(),
  countryCode: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
});
export type VisitorLocation = z.infer<typeof locationSchema>;

/** Category rules of SPEC §3: pull vendors / classified games into new categories. All off by default. */
export const categoryRuleSchema = z.object({
  category: z.string(),
  enabled: z.boolean(),
  sourceCategory: z.string(),
  insertAfter: z.string().nullable(),
  gameClassify: z.string().nullable(),
});

export const siteConfigSchema = z.object({
  brand: z.string(),
  brandName: z.string(),
  platform: z.string(),
  merchant: z.string(),
  merchantCode: z.string(),
  lotteryType: z.string(),
  device: z.string(),
  defaultLanguage: z.string(),
  supportedLanguages: z.array(z.string()),
  prizeModes: z.array(z.string()),
  announcementTypes: z.array(z.string()),
  defaultExecution: z.string(),
  chatHeaderColor: z.string(),
  currencySymbol: z.string(),
  /** SPEC §2 route guard: 'logged-in to home page'. */
  loggedInToHomePage: z.boolean(),
  categoryRules: z.array(categoryRuleSchema),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const permissionSchema = z.object({
  site: siteConfigSchema,
  whitelabel: z.array(whitelabelNodeSchema),
  registration: z.array(registrationFieldRuleSchema),
  resources: z.array(resourceSchema),
  customerService: customerServiceSchema,
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: locationSchema,
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
});
export type Permission = z.infer<typeof permissionSchema>;
export const permissionResponse = envelopeOf(permissionSchema);

export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;
export const systemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  ip: z.string(),
  countryCode: z.string().nullable(),
  /** Operator's maintenance text per language code; the page falls back to the i18n default. */
  maintenanceMessage: z.record(z.string(), z.string()).nullable(),
  customerServiceUrl: z.string().nullable(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
export const systemStatusResponse = envelopeOf(systemStatusSchema);

export const registerSettingSchema = z.object({
  fields: z.array(registrationFieldRuleSchema),
  captchaRequired: z.boolean(),
  smsVerification: z.boolean(),
  mobileMaxLength: z.number().int(),
  minimumAge: z.number().int(),
  defaultCountryDialingCode: z.string(),
});
export type RegisterSetting = z.infer<typeof registerSettingSchema>;
export const registerSettingResponse = envelopeOf(registerSettingSchema);

export const domainRouteSchema = z.object({
  domains: z.array(z.object({ url: z.string(), speed: z.number().int() })),
});
export const domainRouteResponse = envelopeOf(domainRouteSchema);

/** Query of `/wps/system/whitelabel`: the browser sends its current host (SPEC §7 "Permission"). */
export const whitelabelQuerySchema = z.object({ url: singleLineText().max(255).optional() });
