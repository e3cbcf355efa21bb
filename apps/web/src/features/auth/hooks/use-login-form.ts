import { type FormEvent, useEffect, useState } from 'react';
import { useHumanCheck } from '../../../lib/forms/use-human-check.ts';
import { loginFreePlay } from '../api/login-api.ts';
import type { LoginOptions } from '../login-options.ts';
import { useLoginFlow } from './use-login-flow.ts';
import { useSmsLogin } from './use-sms-login.ts';
import { useUsernameLogin } from './use-username-login.ts';

export type LoginTab = 'username' | 'mobile';

export type UseLoginFormOptions = {
  options: LoginOptions;
  initialUsername?: string | undefined;
  initialCaptcha?: boolean | undefined;
};

/**
 * The login form's state and side effects (SPEC §3 "Login form", §4 "Login"): the username and SMS tabs
 * (each a react-hook-form form with its schema), the remembered account that pre-fills them once it
 * arrives, "not you?", free play, and the one submit of the tab on show.
 */
export function useLoginForm({ options, initialUsername, initialCaptcha }: UseLoginFormOptions) {
  const humanCheck = useHumanCheck();
  const flow = useLoginFlow();
  const username = useUsernameLogin(flow, { initialUsername, initialCaptcha });
  const sms = useSmsLogin(flow, { enabled: options.smsLogin, dialingCode: options.defaultDialingCode });
  const [tab, setTab] = useState<LoginTab>(
    options.smsLogin && initialUsername === undefined ? 'mobile' : 'username',
  );

  // The remembered account pre-fills the form once, when it arrives.
  const { account, setRemember } = flow;
  const { setValue: setUsernameValue } = username.form;
  const { setValue: setSmsValue } = sms.form;
  useEffect(() => {
    if (account === null) return;
    setRemember(true);
    if (account.loginType === 'sms' && options.smsLogin && account.mobileNum) {
      // The server sends the number masked (••••••0001): the tab and the dialing code are pre-filled, the
      // number is not (its "continue as" button needs none).
      setTab('mobile');
      if (account.countryDialingCode) setSmsValue('dialingCode', account.countryDialingCode);
    } else if (initialUsername === undefined) {
      setTab('username');
      setUsernameValue('username', account.username);
    }
  }, [account, options.smsLogin, initialUsername, setRemember, setSmsValue, setUsernameValue]);

  const notYou = async () => {
    await flow.forgetAccount();
    username.form.setValue('username', initialUsername ?? '');
    sms.form.setValue('mobile', '');
  };

  const startFreePlay = () =>
    flow.run(async (to) => {
      try {
        to('checking');
        const humanVerification = await humanCheck();
        to('submitting');
        await flow.finish(await loginFreePlay(humanVerification), 'free_play');
      } catch (error) {
        flow.fail(error, 'free_play');
      }
    });

  const switchTab = (next: string | null) => {
    if (next === 'username' || next === 'mobile') setTab(next);
    username.form.clearErrors();
    sms.form.clearErrors();
    flow.clearFailure();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (flow.busy) {
      event.preventDefault();
      return;
    }
    void (tab === 'username' ? username.submit(event) : sms.submit(event));
  };

  return { flow, username, sms, tab, switchTab, submit, notYou, startFreePlay };
}

export type LoginFormState = ReturnType<typeof useLoginForm>;
