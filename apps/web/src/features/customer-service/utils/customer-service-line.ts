import { VIP_RANK_ABOVE } from '@lotus/shared/constants';
import type { CustomerServiceInfo } from '@lotus/shared/content.schema';

export type CustomerServiceLine = 'vip' | 'liveChat';

/**
 * SPEC §2 right side bar: "VIP line if rankLevel above 4, else live-chat line". `null` is a visitor (or a
 * member without a club label), who gets live chat.
 */
export function customerServiceLine(rankLevel: number | null): CustomerServiceLine {
  return rankLevel !== null && rankLevel > VIP_RANK_ABOVE ? 'vip' : 'liveChat';
}

/** Path types of the customer-service answer (content.schema CUSTOMER_SERVICE_PATH_TYPE). */
const LIVE_CHAT = 3;
const VIP_LINE = 4;

/**
 * The sealed path to open for a line. A brand without a VIP line serves its VIP members on live chat rather
 * than leaving them with nothing.
 */
export function sealedPathFor(info: CustomerServiceInfo, line: CustomerServiceLine): string | null {
  const find = (type: number) => info.version.pathList.find((entry) => entry.type === type)?.path ?? null;
  return line === 'vip' ? (find(VIP_LINE) ?? find(LIVE_CHAT)) : find(LIVE_CHAT);
}

/** Only web addresses are opened: a decrypted `javascript:` or `data:` text would run in the pop-up. */
export function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
