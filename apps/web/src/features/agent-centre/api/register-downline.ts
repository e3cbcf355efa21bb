import type { RegisterDownlinePayload, RegisteredDownline } from '@lotus/shared/agents.schema';
import { postSealed } from '../../../lib/sealed-request.ts';

/** POST /wps/agent/downlines (sealed: it carries a password). */
export function registerDownline(payload: RegisterDownlinePayload): Promise<RegisteredDownline> {
  return postSealed<RegisteredDownline>('/wps/agent/downlines', payload);
}
