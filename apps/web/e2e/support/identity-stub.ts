import { type IdentityStub, startIdentityStub } from '../../../server/test/helpers/identity-stub.ts';
import { portBase } from './servers.ts';

/**
 * The journeys' identity provider: the one implementation the server's route tests also use (Google and
 * Facebook OIDC issuers, Telegram login page), on a fixed port so every worker can reach it.
 */
export * from '../../../server/test/helpers/identity-stub.ts';

export const IDENTITY_STUB_PORT_OFFSET = 10;

export function identityStubPort(): number {
  return portBase() + IDENTITY_STUB_PORT_OFFSET;
}

export function startE2eIdentityStub(): Promise<IdentityStub> {
  return startIdentityStub({ port: identityStubPort() });
}
