import { Stack } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyErrorText, moneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useRequireRealAccount } from '../../../lib/session/use-session.ts';
import { convertPoints } from '../api/convert-points.ts';
import { usePointBalance } from '../api/get-point-balance.ts';
import { usePointConfig } from '../api/get-point-config.ts';
import { type PointsMoveResult, redeemPointReward } from '../api/redeem-point-reward.ts';
import { type PointsIntent, usePointsIntent } from '../hooks/use-points-intent.ts';
import { countOf, nameIn, pointsText } from '../utils/points-text.ts';
import { ConvertDialog, type ConvertInput } from './convert-dialog.tsx';
import { PointsSummary } from './points-summary.tsx';
import { RedeemDialog, type RedeemInput } from './redeem-dialog.tsx';
import { RedemptionHistory } from './redemption-history.tsx';
import { RewardGrid } from './reward-grid.tsx';

const sendRedeem = (input: RedeemInput, key: string) =>
  redeemPointReward(
    {
      rewardId: input.reward.id,
      quantity: input.quantity,
      receivingAddress: input.receivingAddress,
      mobile: input.mobile,
      withdrawPassword: input.withdrawPassword,
    },
    key,
  );
const sendConvert = (input: ConvertInput, key: string) =>
  convertPoints({ points: input.points, withdrawPassword: input.withdrawPassword }, key);

/** A payment-password refusal for the form: a new object each time, so the same text twice still shows. */
/** The points a pending redemption takes. */
const redeemTotal = (input: RedeemInput) => BigInt(input.reward.points) * BigInt(input.quantity);

type PasswordBounce = { text: string } | null;

/**
 * A wrong or locked payment password belongs to the form: the confirm step closes and the form shows it
 * under the password (like the wallet's transfers); `reopen` brings the form back.
 */
function usePasswordBounce<T>(intent: PointsIntent<T>, reopen: (input: T) => void): PasswordBounce {
  const { t } = useTranslation('points');
  const [bounce, setBounce] = useState<PasswordBounce>(null);
  const { errorCode, pending, cancel } = intent;
  useEffect(() => {
    if (errorCode?.startsWith('withdraw_password') && errorCode !== 'withdraw_password_not_set' && pending) {
      setBounce({ text: t(`errors:${errorCode}`) });
      reopen(pending);
      cancel();
    }
  }, [errorCode, pending, cancel, reopen, t]);
  return bounce;
}

type PointMallPageProps = {
  /** The brand's currency symbol (the route passes the site's); 'P' when it has none (SPEC §9). */
  currencySymbol?: string;
};

/**
 * /pointMall (SPEC §1, §2): the member's points and how they are earned, the mall's rewards with stock, the
 * redeem dialog (SPEC §5: withdraw password, receiving address, own mobile) and the conversion to cash, each
 * confirmed before points move, and the redemption history with SPEC §4's statuses. Visitors see the rewards
 * and are asked to log in to redeem.
 */
export function PointMallPage({ currencySymbol }: PointMallPageProps) {
  const { t: tPages } = useTranslation('pages');
  const { t, i18n } = useTranslation('points');
  const symbol = symbolOrDefault(currencySymbol);
  const balance = usePointBalance();
  const config = usePointConfig();
  const requireReal = useRequireRealAccount();
  const points = balance.data ? BigInt(balance.data.points) : null;
  const [formReward, setFormReward] = useState<RedeemInput['reward'] | null>(null);
  const [convertOpen, setConvertOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const onRedeemed = useCallback(
    (result: PointsMoveResult, input: RedeemInput) =>
      setDone(
        t('redeem.done', {
          name: nameIn(input.reward, i18n.language),
          points: pointsText(result.points),
          count: countOf(result.points),
        }),
      ),
    [t, i18n.language],
  );
  const onConverted = useCallback(
    (result: PointsMoveResult) =>
      setDone(
        t('convert.done', {
          points: pointsText(result.redemption.points),
          count: countOf(result.redemption.points),
          amount: moneyText(result.redemption.amountMinor ?? '0', symbol),
        }),
      ),
    [t, symbol],
  );
  const redeem = usePointsIntent(sendRedeem, onRedeemed);
  const convert = usePointsIntent(sendConvert, onConverted);
  const redeemPasswordError = usePasswordBounce(
    redeem,
    useCallback((input: RedeemInput) => setFormReward(input.reward), []),
  );
  const convertPasswordError = usePasswordBounce(
    convert,
    useCallback(() => setConvertOpen(true), []),
  );

  const pendingRedeem = redeem.pending;
  const pendingConvert = convert.pending;
  return (
    <PageFrame
      testId="page-point-mall"
      title={tPages('pointMall.title')}
      description={tPages('pointMall.lead')}
    >
      <Stack gap="lg">
        <DoneNotice
          text={done}
          testId="points-done"
          onDismiss={() => setDone(null)}
          dismissLabel={t('dismiss')}
        />
        <PointsSummary
          symbol={symbol}
          onLogin={() => openAuthModal({ kind: 'login' })}
          onConvert={() => requireReal(() => setConvertOpen(true))}
        />
        <RewardGrid
          symbol={symbol}
          onRedeem={(reward) =>
            requireReal(() => {
              setDone(null);
              setFormReward(reward);
            })
          }
        />
        <RedemptionHistory symbol={symbol} />
      </Stack>
      <RedeemDialog
        reward={formReward}
        balance={points}
        passwordError={redeemPasswordError}
        onClose={() => setFormReward(null)}
        onSubmit={(input) => {
          setFormReward(null);
          redeem.open(input);
        }}
      />
      {config.data?.convert ? (
        <ConvertDialog
          opened={convertOpen}
          convert={config.data.convert}
          balance={points}
          symbol={symbol}
          passwordError={convertPasswordError}
          onClose={() => setConvertOpen(false)}
          onSubmit={(input) => {
            setConvertOpen(false);
            setDone(null);
            convert.open(input);
          }}
        />
      ) : null}
      <MoneyConfirmDialog
        opened={pendingRedeem !== null}
        title={t('redeem.confirmTitle')}
        summary={
          pendingRedeem
            ? t('redeem.summary', {
                points: pointsText(redeemTotal(pendingRedeem)),
                count: countOf(redeemTotal(pendingRedeem).toString()),
                quantity: pendingRedeem.quantity,
                name: nameIn(pendingRedeem.reward, i18n.language),
              })
            : ''
        }
        rows={
          pendingRedeem
            ? [
                { label: t('redeem.rowAddress'), value: pendingRedeem.receivingAddress },
                { label: t('redeem.rowMobile'), value: pendingRedeem.mobile },
              ]
            : []
        }
        confirmLabel={t('redeem.confirm')}
        retryLabel={t('retry')}
        confirmSuffix="confirm"
        busy={redeem.busy}
        error={redeem.error ? moneyErrorText(t, redeem.error, symbol) : null}
        onConfirm={() => void redeem.confirm()}
        onClose={redeem.cancel}
        testId="points-redeem-confirm"
      />
      <MoneyConfirmDialog
        opened={pendingConvert !== null}
        title={t('convert.confirmTitle')}
        amountText={pendingConvert ? moneyText(pendingConvert.amountMinor, symbol) : ''}
        summary={
          pendingConvert
            ? t('convert.summary', {
                points: pointsText(pendingConvert.points),
                count: countOf(pendingConvert.points),
                amount: moneyText(pendingConvert.amountMinor, symbol),
              })
            : ''
        }
        confirmLabel={t('convert.confirm')}
        retryLabel={t('retry')}
        confirmSuffix="confirm"
        busy={convert.busy}
        error={convert.error ? moneyErrorText(t, convert.error, symbol) : null}
        onConfirm={() => void convert.confirm()}
        onClose={convert.cancel}
        testId="points-convert-confirm"
      />
    </PageFrame>
  );
}
