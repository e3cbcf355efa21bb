import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { PROTECTION_KEYS } from '../../../lib/protection/protection-api.ts';

/**
 * One change on the "Play limits" page at a time: busy while it runs, its failure as text, what it did as a
 * notice, and the state read again afterwards (every change moves "used", "left" or a pending change).
 */
export function useProtectionAction() {
  const { t } = useTranslation('protection');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  /** Runs `work`; its result's text becomes the notice. Resolves true on success. */
  const run = useCallback(
    async (work: () => Promise<string>): Promise<boolean> => {
      setBusy(true);
      setFailure(null);
      setNotice(null);
      try {
        setNotice(await work());
        return true;
      } catch (error) {
        setFailure(messageForApiError(t, error));
        return false;
      } finally {
        setBusy(false);
        void queryClient.invalidateQueries({ queryKey: PROTECTION_KEYS.all });
      }
    },
    [t, queryClient],
  );

  return { busy, failure, notice, run, clearFailure: () => setFailure(null) };
}
