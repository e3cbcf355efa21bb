import {
  LOTTERY_API,
  LOTTERY_SESSION_HEADER,
  type LotterySlip,
  type LotterySlipRequest,
} from '@lotus/shared/lottery.schema';
import { apiSend } from '../../../lib/api-client.ts';

export type PlacedSlip = { slip: LotterySlip; balanceMinor: string };

/** `POST /lotto/api/slips`: one slip; the same `requestId` replays the first answer (docs/lottery.md). */
export function placeSlip(body: LotterySlipRequest, sessionToken: string): Promise<PlacedSlip> {
  return apiSend<PlacedSlip>('POST', `${LOTTERY_API}/slips`, body, {
    headers: { [LOTTERY_SESSION_HEADER]: sessionToken },
  });
}
