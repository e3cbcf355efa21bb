import type {
  ContractActionBody,
  ContractActionResult,
  ContractKind,
} from '@lotus/shared/agent-contracts.schema';
import { apiSend } from '../../../lib/api-client.ts';
import { CONTRACT_PATHS } from './get-agent-contracts.ts';

/**
 * POST of the kind's relay path: offer, accept, reject or end. No Idempotency-Key: a repeat of a state
 * change is refused (`contract_state_invalid`) or harmless, and no action moves money by itself.
 */
export function contractAction(kind: ContractKind, body: ContractActionBody): Promise<ContractActionResult> {
  return apiSend<ContractActionResult>('POST', CONTRACT_PATHS[kind], body);
}
