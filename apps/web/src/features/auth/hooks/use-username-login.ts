import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useHumanCheck } from '../../../lib/forms/use-human-check.ts';
import { errorWantsCaptcha } from '../../../lib/forms/validation.ts';
import { loginWithUsername, requestReopen } from '../api/login-api.ts';
import {
  type UsernameLoginInput,
  type UsernameLoginValues,
  usernameLoginSchema,
} from '../utils/login-schema.ts';
import type { LoginFlow } from './use-login-flow.ts';

/**
 * Username login: the human check first, then the sealed login; a captcha once the server asks for one
 * (`value: { captcha: true }`) or from the start when the header handed over for that reason. A captcha is
 * single-use, so every failed attempt that carried one loads a new image. Messages show on submit only.
 */
export function useUsernameLogin(
  flow: LoginFlow,
  {
    initialUsername,
    initialCaptcha,
  }: { initialUsername?: string | undefined; initialCaptcha?: boolean | undefined },
) {
  const humanCheck = useHumanCheck();
  const [captchaShown, setCaptchaShown] = useState(initialCaptcha === true);
  const [captchaKey, setCaptchaKey] = useState(0);
  const schema = useMemo(() => usernameLoginSchema(captchaShown), [captchaShown]);
  const form = useForm<UsernameLoginInput, unknown, UsernameLoginValues>({
    defaultValues: { username: initialUsername ?? '', password: '', captcha: '' },
    resolver: zodResolver(schema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = form.handleSubmit(({ username, password, captcha }) =>
    flow.run(async (to) => {
      try {
        to('checking');
        const humanVerification = await humanCheck();
        to('submitting');
        const result = await loginWithUsername({
          username,
          password,
          humanVerification,
          remember: flow.remember,
          ...(captcha === undefined ? {} : { captcha }),
        });
        await flow.finish(result, 'username', password);
      } catch (error) {
        if (flow.fail(error, 'username', password)) return;
        flow.offerReopen(error, async () =>
          requestReopen({
            type: 'username',
            username,
            password,
            humanVerification: await humanCheck(),
            remember: false,
          }),
        );
        if (errorWantsCaptcha(error) || captchaShown) {
          setCaptchaShown(true);
          setCaptchaKey((key) => key + 1);
        }
      }
    }),
  );

  return { form, submit, captchaShown, captchaKey };
}
