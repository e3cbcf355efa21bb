import { useEffect, useState } from 'react';
import { checkAffiliateCode } from '../api/register-api.ts';
import type { AffiliateState } from '../utils/register-fields.ts';

/** Checks the URL's affiliate code once (SPEC §4 "check the affiliate code"). */
export function useAffiliate(code: string | null): AffiliateState {
  const [state, setState] = useState<AffiliateState>(
    code === null ? { status: 'none' } : { status: 'checking', code },
  );
  useEffect(() => {
    if (code === null) {
      setState({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'checking', code });
    checkAffiliateCode(code, controller.signal).then(
      (result) => setState({ status: 'valid', code, agentNickname: result.agentNickname }),
      () => {
        // Any failure (invitation_code_error, or the check could not run) shows the field, so the player
        // can correct the code or register without one.
        if (!controller.signal.aborted) setState({ status: 'invalid', code });
      },
    );
    return () => controller.abort();
  }, [code]);
  return state;
}
