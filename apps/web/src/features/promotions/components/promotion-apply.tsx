import { ACTIVITY_REMARK_MAX, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@lotus/shared/constants';
import type { ActivityStatus, PromotionRules } from '@lotus/shared/promotion-engine.schema';
import {
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { LockIcon } from '../../../components/ui/icons.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { imageKindOfFile } from '../../../lib/images/image-signature.ts';
import { moneyText } from '../../../lib/money/money.ts';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { type ApplyResult, useMyPromotions } from '../api/promotion-engine-api.ts';
import { useApplyIntent } from '../hooks/use-apply-intent.ts';

type PromotionApplyProps = {
  promotionId: number;
  title: string;
  rules: PromotionRules | null;
  symbol: string;
};

const ACTIONS: Partial<Record<ActivityStatus, 'apply' | 'join' | 'claim'>> = {
  apply: 'apply',
  join: 'join',
  claim: 'claim',
};

/** SPEC §5 on the picked files, before anything is sent (the server checks again, by content). */
async function imageProblem(files: readonly File[]): Promise<string | null> {
  if (files.length > UPLOAD_MAX_FILES) return 'form.tooMany';
  for (const file of files) {
    if (file.size > UPLOAD_MAX_BYTES) return 'form.tooLarge';
    if ((await imageKindOfFile(file)) === null) return 'form.wrongType';
  }
  return null;
}

/**
 * The apply / join / claim place of /promoDetail (SPEC §4 activity statuses): the member's status, what it
 * means, and the one action it allows — the form (remark ≤ 140, up to 3 PNG/JPG ≤ 5 MB) for a promotion with
 * one, or a single click to join or claim — each behind a confirm step with its own Idempotency-Key. A
 * visitor sees the button disabled with the reason and a login button.
 */
export function PromotionApply({ promotionId, title, rules, symbol }: PromotionApplyProps) {
  const { t } = useTranslation('bonuses');
  const hasSession = useSessionStore((state) => state.token !== null);
  const mine = useMyPromotions();
  const [remark, setRemark] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onDone = useCallback(
    (result: ApplyResult) => {
      setRemark('');
      setImages([]);
      const { bonus, application } = result;
      if (bonus) {
        setDone(
          t('done.issued', {
            amount: moneyText(bonus.amountMinor, symbol),
            required: moneyText(bonus.wageringRequiredMinor, symbol),
          }),
        );
      } else if (application.status === 'issued') {
        // Issue 19: an award without a bonus is free rounds, ready in Bonus details.
        setDone(t('done.freeRounds'));
      } else setDone(t(application.status === 'joined' ? 'done.joined' : 'done.pending'));
    },
    [t, symbol],
  );
  const intent = useApplyIntent(onDone);

  const entry = mine.data?.list.find((item) => item.promotionId === String(promotionId));
  const status: ActivityStatus | null = hasSession
    ? (entry?.status ?? (rules === null ? 'none' : null))
    : null;
  const action = status ? ACTIONS[status] : undefined;

  const start = async () => {
    setDone(null);
    if (!action) return;
    if (action === 'apply') {
      if ([...remark.trim()].length > ACTIVITY_REMARK_MAX) return setFormError('form.remarkTooLong');
      const problem = await imageProblem(images);
      if (problem) return setFormError(problem);
    }
    setFormError(null);
    intent.open({ promotionId, action, remark, images });
  };

  const remarkLeft = ACTIVITY_REMARK_MAX - [...remark].length;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="promo-apply-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} fz="lg" id="promo-apply-title">
            {t('content:promotions.applyTitle')}
          </Title>
          {status ? (
            <Badge variant="light" size="lg" data-testid="promo-status" data-status={status}>
              <VisuallyHidden component="span">{`${t('statusLabel')}: `}</VisuallyHidden>
              {t(`status.${status}`)}
            </Badge>
          ) : null}
        </Group>
        <DoneNotice
          text={done}
          testId="promo-apply-done"
          onDismiss={() => setDone(null)}
          dismissLabel={t('confirm.retry')}
        />
        {hasSession && mine.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('common:status.loading')}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" id="promo-apply-note" data-testid="promo-apply-note">
            {mine.isError ? t('rules.loadError') : t(`note.${status ?? 'login'}`)}
            {status === 'rejected' && entry?.rejectReason
              ? ` ${t('rejectReason', { reason: entry.rejectReason })}`
              : ''}
          </Text>
        )}
        {action === 'apply' ? (
          <Stack gap="xs" data-testid="promo-apply-form">
            <Textarea
              label={t('form.remark')}
              description={t('form.remarkHint', { count: Math.max(remarkLeft, 0) })}
              value={remark}
              maxLength={ACTIVITY_REMARK_MAX}
              rows={3}
              onChange={(event) => setRemark(event.currentTarget.value)}
              data-testid="promo-remark"
            />
            <FileInput
              label={t('form.images')}
              description={t('form.imagesHint')}
              multiple
              clearable
              accept="image/png,image/jpeg"
              value={images}
              onChange={(files) => {
                setFormError(null);
                setImages(files);
              }}
              valueComponent={({ value }) => (
                <Text size="sm">
                  {t('form.chosen', { count: Array.isArray(value) ? value.length : value ? 1 : 0 })}
                </Text>
              )}
              data-testid="promo-images"
            />
            {formError ? (
              <Text size="sm" c="red" role="alert" data-testid="promo-form-error">
                {t(formError)}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <Group>
          {hasSession ? (
            action ? (
              <Button
                onClick={() => void start()}
                aria-describedby="promo-apply-note"
                data-testid="promo-apply"
                data-action={action}
              >
                {t(`action.${action}`)}
              </Button>
            ) : (
              <Button
                disabled
                leftSection={<LockIcon size={16} />}
                aria-describedby="promo-apply-note"
                data-testid="promo-apply"
              >
                {t('action.apply')}
              </Button>
            )
          ) : (
            <>
              <Button
                disabled
                leftSection={<LockIcon size={16} />}
                aria-describedby="promo-apply-note"
                data-testid="promo-apply"
              >
                {t('action.apply')}
              </Button>
              <Button
                variant="light"
                onClick={() => openAuthModal({ kind: 'login' })}
                data-testid="promo-login"
              >
                {t('action.login')}
              </Button>
            </>
          )}
          {status === 'issued' || status === 'claimed' ? (
            <Button
              component={Link}
              to="/member/bonusDetails"
              variant="light"
              data-testid="promo-bonus-details"
            >
              {t('bonusDetailsLink')}
            </Button>
          ) : null}
          <Button component={Link} to="/promotions" variant="default">
            {t('pages:promoDetail.back')}
          </Button>
        </Group>
      </Stack>
      <MoneyConfirmDialog
        opened={intent.pending !== null}
        title={t('confirm.title')}
        summary={intent.pending ? t(`confirm.${intent.pending.action}`, { title }) : ''}
        confirmLabel={t('confirm.submit')}
        retryLabel={t('confirm.retry')}
        confirmSuffix="confirm"
        busy={intent.busy}
        error={intent.errorCode ? t(`errors:${intent.errorCode}`) : null}
        onConfirm={() => void intent.confirm()}
        onClose={intent.cancel}
        testId="promo-confirm"
      />
    </Paper>
  );
}
