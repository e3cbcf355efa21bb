import {
  dialingCodeSchema,
  mobileNumSchema,
  type SmsNoLoginBody,
  type SmsRegisterBody,
  type SmsSent,
} from '@lotus/shared/verification.schema';
import { AppError } from '../../lib/app-error.ts';
import { maskPhone } from '../../lib/notify/mask.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { MembersApi } from '../members/members-api.ts';
import type { HumanCheckService } from './human-check.service.ts';
import type { VerificationCodesService } from './verification-codes.service.ts';

/** What the SMS endpoints need of the system module: the brand of the host and its whitelabel flags. */
export type BrandLookup = {
  resolveBrand(host: string | null): Promise<{ id: bigint; defaultLanguage: string }>;
  brandById(id: bigint): Promise<{ flags: (modId: string) => boolean }>;
};

export type Audit = (
  brandId: bigint | null,
  memberId: bigint | null,
  action: string,
  origin: RequestOrigin,
  detail?: Record<string, unknown>,
) => Promise<void>;

/** Which whitelabel flag allows each send (SPEC §3 flags). */
const NO_LOGIN_FLAG = { login: 'MOBILEVERCODELOGIN3', reset_password: 'CHNGPASSVERIF3' } as const;
const REGISTER_FLAG = 'REGMOBVERF3';

/** `mobile_required` when either part is missing, `mobile_format_error` when one is malformed. */
export function mobileOf(countryDialingCode: string | undefined, mobileNum: string | undefined) {
  const code = countryDialingCode?.trim() ?? '';
  const number = mobileNum?.trim() ?? '';
  if (code === '' || number === '') throw new AppError('mobile_required');
  if (!dialingCodeSchema.safeParse(code).success || !mobileNumSchema.safeParse(number).success) {
    throw new AppError('mobile_format_error');
  }
  return { countryDialingCode: code, mobileNum: number, destination: `${code}${number}` };
}

/**
 * The two SMS sends of visitors (docs/accounts-contract.md "SMS codes"). Order: number format → human
 * check → brand flag → account lookup → send. The no-login send answers the same whether or not an
 * account has the number: for an unknown number the code is stored and counted but not delivered.
 */
export class SmsSendService {
  readonly #members: MembersApi;
  readonly #human: HumanCheckService;
  readonly #codes: VerificationCodesService;
  readonly #brands: BrandLookup;
  readonly #audit: Audit;

  constructor(deps: {
    members: MembersApi;
    human: HumanCheckService;
    codes: VerificationCodesService;
    brands: BrandLookup;
    audit: Audit;
  }) {
    this.#members = deps.members;
    this.#human = deps.human;
    this.#codes = deps.codes;
    this.#brands = deps.brands;
    this.#audit = deps.audit;
  }

  async sendNoLogin(body: SmsNoLoginBody, origin: RequestOrigin): Promise<SmsSent> {
    const mobile = mobileOf(body.countryDialingCode, body.mobileNum);
    await this.#human.verify(body.humanVerification);
    const brand = await this.#brands.resolveBrand(origin.host);
    const { flags } = await this.#brands.brandById(brand.id);
    if (!flags(NO_LOGIN_FLAG[body.purpose])) throw new AppError('sms_not_allowed');

    const member = await this.#members.findByMobile(brand.id, mobile.countryDialingCode, mobile.mobileNum);
    const deliver = member !== undefined && member.status === 'active';
    const sent = await this.#codes.send({
      brandId: brand.id,
      purpose: body.purpose,
      channel: 'sms',
      destination: mobile.destination,
      ip: origin.ip,
      language: body.language ?? member?.language ?? brand.defaultLanguage,
      deliver,
    });
    if (deliver) {
      await this.#audit(brand.id, member.id, 'sms.sent', origin, {
        purpose: body.purpose,
        to: maskPhone(mobile.destination, mobile.countryDialingCode),
      });
    }
    return sent;
  }

  async sendRegister(body: SmsRegisterBody, origin: RequestOrigin): Promise<SmsSent> {
    const mobile = mobileOf(body.countryDialingCode, body.mobileNo);
    await this.#human.verify(body.humanVerification);
    const brand = await this.#brands.resolveBrand(origin.host);
    const { flags } = await this.#brands.brandById(brand.id);
    if (!flags(REGISTER_FLAG)) throw new AppError('sms_not_allowed');
    if (await this.#members.findByMobile(brand.id, mobile.countryDialingCode, mobile.mobileNum)) {
      throw new AppError('mobile_registered');
    }
    const sent = await this.#codes.send({
      brandId: brand.id,
      purpose: 'register',
      channel: 'sms',
      destination: mobile.destination,
      ip: origin.ip,
      language: body.language ?? brand.defaultLanguage,
    });
    await this.#audit(brand.id, null, 'sms.sent', origin, {
      purpose: 'register',
      registerType: body.registerType,
      to: maskPhone(mobile.destination, mobile.countryDialingCode),
    });
    return sent;
  }
}
