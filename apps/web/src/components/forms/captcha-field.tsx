import { Group, Loader, TextInput, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { apiGet } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import classes from './captcha-field.module.css';

/** SPEC §4: "Captcha image refresh by click at most once per second" (the server also refuses faster). */
export const CAPTCHA_REFRESH_MS = 1000;

type CaptchaFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** Message under the field (already translated). */
  error?: string | null | undefined;
  /** Change it to load a new image (a failed submit burns the captcha on the server). */
  refreshKey?: number | string | undefined;
};

type Image = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

/**
 * The captcha input with its image (docs/accounts-contract.md "Captcha"). `GET /wps/captcha` answers the PNG
 * as base64 and sets the HttpOnly `lotus_captcha` cookie the submit is checked against, so this component
 * only shows the picture. The image is a button: click or Enter loads a new one, at most once a second.
 */
export function CaptchaField({ value, onChange, error, refreshKey }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  const inputId = useId();
  const [image, setImage] = useState<Image>({ status: 'loading' });
  const lastLoad = useRef(Number.NEGATIVE_INFINITY);
  const pending = useRef<number | null>(null);
  const request = useRef(0);
  const loadedKey = useRef<{ done: boolean; key: CaptchaFieldProps['refreshKey'] }>({
    done: false,
    key: undefined,
  });
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const load = useCallback(() => {
    lastLoad.current = Date.now();
    const id = request.current + 1;
    request.current = id;
    setImage({ status: 'loading' });
    // A new image invalidates the typed answer: the old captcha is gone on the server.
    onChangeRef.current('');
    apiGet<string>('/wps/captcha').then(
      (base64) => {
        if (request.current === id) setImage({ status: 'ready', src: `data:image/png;base64,${base64}` });
      },
      () => {
        if (request.current === id) setImage({ status: 'failed' });
      },
    );
  }, []);

  // First image, and a new one whenever the form asks (refreshKey). A forced refresh inside the one-second
  // window waits for it rather than being dropped: the form needs the new captcha.
  useEffect(() => {
    // React's development double effect must not fetch (and burn) a second captcha for the same key.
    if (loadedKey.current.done && loadedKey.current.key === refreshKey) return;
    loadedKey.current = { done: true, key: refreshKey };
    const wait = lastLoad.current + CAPTCHA_REFRESH_MS - Date.now();
    if (wait <= 0) {
      load();
      return;
    }
    // The shown captcha is already spent on the server: hide it and its answer while the new one waits.
    request.current += 1;
    setImage({ status: 'loading' });
    onChangeRef.current('');
    pending.current = window.setTimeout(() => {
      pending.current = null;
      load();
    }, wait);
    return () => {
      if (pending.current === null) return;
      window.clearTimeout(pending.current);
      pending.current = null;
      loadedKey.current = { done: false, key: refreshKey };
    };
  }, [refreshKey, load]);

  useEffect(
    () => () => {
      request.current += 1; // ignore answers arriving after unmount
    },
    [],
  );

  const refresh = () => {
    if (Date.now() - lastLoad.current < CAPTCHA_REFRESH_MS || pending.current !== null) return;
    load();
  };

  return (
    <TextInput
      id={inputId}
      label={t('captcha.label')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error || undefined}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={4}
      required
      data-testid="captcha-input"
      classNames={{ section: classes.captchaSection }}
      rightSectionWidth={120}
      rightSection={
        <UnstyledButton
          type="button"
          onClick={refresh}
          className={classes.captchaButton}
          aria-label={t('captcha.refresh')}
          data-testid="captcha-refresh"
        >
          {image.status === 'ready' ? (
            <img
              src={image.src}
              alt={t('captcha.imageAlt')}
              className={classes.captchaImage}
              data-testid="captcha-image"
            />
          ) : (
            <Group justify="center" gap={4} className={classes.captchaPlaceholder}>
              {image.status === 'loading' ? (
                <Loader size="xs" aria-label={t('captcha.loading')} />
              ) : (
                <span data-testid="captcha-failed">{t('captcha.failed')}</span>
              )}
            </Group>
          )}
        </UnstyledButton>
      }
    />
  );
}
