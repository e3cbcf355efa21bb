import { openCustomerServicePath } from '@lotus/shared/customer-service-seal';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { customerServiceQueryOptions } from '../api/get-customer-service.ts';
import { type CustomerServiceLine, isWebAddress, sealedPathFor } from '../utils/customer-service-line.ts';

export type CustomerServiceState =
  | { status: 'idle' }
  | { status: 'opening' }
  /** The browser refused the pop-up; `url` is offered as a plain link once it is known. */
  | { status: 'blocked'; url: string | null }
  /** `code` is a key of the errors namespace. */
  | { status: 'failed'; code: string };

const POPUP_NAME = 'lotus-customer-service';
const POPUP_FEATURES = 'popup,width=480,height=720';

function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'unknown_error';
}

/**
 * Opens the customer-service chat in a pop-up window (SPEC §7 "the type 3 path is decrypted and opened in
 * a popup for online customer service").
 *
 * The window is opened at once, inside the click, while the browser still counts it as the visitor's own
 * action, and pointed at the chat once the address has been fetched and unsealed. That is why `noopener`
 * is not passed as a window feature: with it `window.open` returns null, so neither a blocked pop-up
 * (SPEC §8 "popup blocked, allow popups") nor a failed fetch (SPEC §8 "closes the popup") could be handled.
 * The opener link is cut by hand instead, before the chat's address is loaded into the window.
 */
export function useOpenCustomerService() {
  const { t } = useTranslation('chrome');
  const queryClient = useQueryClient();
  const [state, setState] = useState<CustomerServiceState>({ status: 'idle' });

  const resolveAddress = useCallback(
    async (line: CustomerServiceLine) => {
      const info = await queryClient.fetchQuery(customerServiceQueryOptions);
      const sealed = sealedPathFor(info, line);
      if (!sealed) throw new ApiError('service_unavailable', 0);
      const address = await openCustomerServicePath(info.version.key, sealed);
      if (!isWebAddress(address)) throw new ApiError('unknown_error', 0);
      return address;
    },
    [queryClient],
  );

  const open = useCallback(
    async (line: CustomerServiceLine) => {
      const popup = window.open('', POPUP_NAME, POPUP_FEATURES);
      if (!popup) {
        setState({ status: 'blocked', url: null });
        try {
          const url = await resolveAddress(line);
          setState((current) => (current.status === 'blocked' ? { status: 'blocked', url } : current));
        } catch (error) {
          setState({ status: 'failed', code: errorCode(error) });
        }
        return;
      }
      try {
        popup.opener = null;
        popup.document.title = t('customerService.connecting');
      } catch {
        // A window the browser did not let us touch: the address is still loaded into it below.
      }
      setState({ status: 'opening' });
      try {
        popup.location.replace(await resolveAddress(line));
        setState({ status: 'idle' });
      } catch (error) {
        popup.close();
        setState({ status: 'failed', code: errorCode(error) });
      }
    },
    [resolveAddress, t],
  );

  const dismiss = useCallback(() => setState({ status: 'idle' }), []);
  return { state, open, dismiss };
}
