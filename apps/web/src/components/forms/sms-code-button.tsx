import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageForApiError } from '../../lib/forms/validation.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useMountedRef } from '../../lib/use-mounted-ref.ts';
import { AppModal } from '../ui/app-modal.tsx';

/** SPEC §4 "sending is ... throttled to 1 s". */
export const SMS_SEND_THROTTLE_MS = 1000;

type SmsCodeButtonProps = {
  /**
   * Sends the code. Resolve `{ expiredMinutes }` on success (the countdown is expiredMinutes × 60 s), or
   * `null` when nothing was sent because the form itself showed why (an empty mobile number, say). A
   * rejection opens the warning dialog with the server's translated message.
   */
  send: () => Promise<{ expiredMinutes: number } | null>;
  disabled?: boolean | undefined;
  /** Extra test hook; defaults to `sms-send`. */
  testId?: string | undefined;
};

/**
 * The "send code" button of every SMS form (SPEC §4 "SMS code"): becomes a countdown of expiredMinutes × 60
 * seconds and returns to "send" at zero; clicks while sending, while counting and within a second of the
 * last one do nothing. A failed send shows a warning dialog (SPEC §8 "Send-SMS failure") confirmed with
 * `in_increase_submit`.
 */
export function SmsCodeButton({ send, disabled, testId = 'sms-send' }: SmsCodeButtonProps) {
  const { t } = useTranslation('auth');
  const [sending, setSending] = useState(false);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [failure, setFailure] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const lastClick = useRef(Number.NEGATIVE_INFINITY);
  const busy = useRef(false);
  const mounted = useMountedRef();

  // One tick a second while counting; the remaining time comes from the clock, so a throttled background
  // tab still shows the truth when it wakes.
  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  const counting = remaining > 0;

  const onClick = useCallback(async () => {
    const clickedAt = Date.now();
    if (busy.current || counting || clickedAt - lastClick.current < SMS_SEND_THROTTLE_MS) return;
    lastClick.current = clickedAt;
    busy.current = true;
    setSending(true);
    try {
      const result = await send();
      // Nothing was sent (the form showed why, e.g. an empty number): the throttle guards the SMS
      // gateway, not the form, so the corrected number may be sent at once.
      if (result === null) lastClick.current = Number.NEGATIVE_INFINITY;
      if (!mounted.current || result === null) return;
      const seconds = Math.max(0, result.expiredMinutes) * 60;
      const start = Date.now();
      setNow(start);
      setEndsAt(seconds > 0 ? start + seconds * 1000 : null);
      setAnnounce(t('sms.sent', { seconds }));
    } catch (error) {
      if (mounted.current) setFailure(messageForApiError(t, error));
    } finally {
      busy.current = false;
      if (mounted.current) setSending(false);
    }
  }, [counting, send, t, mounted]);

  return (
    <>
      <Button
        type="button"
        variant="light"
        onClick={onClick}
        loading={sending}
        disabled={disabled || counting}
        data-testid={testId}
        data-counting={counting || undefined}
        miw={120}
      >
        {counting ? t('sms.resendIn', { seconds: remaining }) : t('sms.send')}
      </Button>
      <VisuallyHidden aria-live="polite" role="status">
        {announce}
      </VisuallyHidden>
      <AppModal
        opened={failure !== null}
        onClose={() => setFailure(null)}
        title={t('sms.failedTitle')}
        testId="sms-failure-dialog"
      >
        <Text role="alert" data-testid="sms-failure-message">
          {failure}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setFailure(null)} data-testid="sms-failure-confirm">
            {t('in_increase_submit')}
          </Button>
        </Group>
      </AppModal>
    </>
  );
}
