import { REWARD_STATUSES, type RewardStatus, type RewardView } from '@lotus/shared/rewards.schema';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { memberCentrePath } from '../../../lib/member-centre/member-centre-entries.ts';
import { dateTimeText, moneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import type { RewardClaimResult } from '../api/claim-reward.ts';
import { useRewards } from '../api/get-rewards.ts';
import { useClaimIntent } from '../hooks/use-claim-intent.ts';
import classes from './reward-center-page.module.css';

type RewardCenterPageProps = {
  /** The brand's currency symbol (the member centre passes it); 'P' when it has none (SPEC §9). */
  currencySymbol: string;
};

/** The title in the page's language: Hindi when the site is in Hindi, else English. */
function titleOf(reward: RewardView, language: string): string {
  return language.toLowerCase().startsWith('hi') ? reward.titleHi : reward.titleEn;
}

/**
 * Reward centre (member centre `rewardCenter`, SPEC §2): rewards granted to the player in three tabs,
 * unclaimed / claimed / expired. "Claim" opens a confirm step with the amount; confirming claims it into
 * the main wallet under one Idempotency-Key per intent (a retry after a lost answer reuses it), then the
 * list, the balance and the header's count are refreshed and a notice says what happened.
 */
export function RewardCenterPage({ currencySymbol }: RewardCenterPageProps) {
  const { t, i18n } = useTranslation('rewards');
  const symbol = symbolOrDefault(currencySymbol);
  const [status, setStatus] = useState<RewardStatus>('unclaimed');
  const [page, setPage] = useState(1);
  const [done, setDone] = useState<string | null>(null);
  const rewards = useRewards(status, page);

  const onDone = useCallback(
    (result: RewardClaimResult) => {
      setDone(
        t('claim.done', {
          amount: moneyText(result.reward.amountMinor, symbol),
          balance: moneyText(result.main.balanceMinor, symbol),
        }),
      );
    },
    [t, symbol],
  );
  const intent = useClaimIntent(onDone);
  const pending = intent.pending;

  const changeTab = (value: string | null) => {
    if (!value || !(REWARD_STATUSES as readonly string[]).includes(value)) return;
    setStatus(value as RewardStatus);
    setPage(1);
  };

  let body: ReactNode;
  if (rewards.isPending) {
    body = (
      <Group justify="center" py="xl" role="status" data-testid="rewards-loading">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {t('loading')}
        </Text>
      </Group>
    );
  } else if (rewards.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" data-testid="rewards-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('loadError')}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void rewards.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rewards.data.list.length === 0) {
    body = <EmptyBlock testId="rewards-empty" title={t(`empty.${status}`)} />;
  } else {
    const list = rewards.data;
    body = (
      <Stack gap="sm">
        <ul className={classes.list} data-testid="rewards-list" aria-busy={rewards.isFetching}>
          {list.list.map((reward) => (
            <li key={reward.id}>
              <RewardItem
                reward={reward}
                title={titleOf(reward, i18n.language)}
                symbol={symbol}
                onClaim={() => {
                  setDone(null);
                  intent.open(reward);
                }}
              />
            </li>
          ))}
        </ul>
        <Group justify="center">
          <ListPager
            totalPages={list.totalPages}
            pageNo={page}
            onChange={setPage}
            size="sm"
            testId="rewards"
          />
        </Group>
      </Stack>
    );
  }

  const unclaimedCount = rewards.data?.unclaimedCount ?? 0;
  return (
    <Stack gap="md" data-testid="page-rewardCenter">
      {/* Issue 19: the lucky draws (red envelopes, golden eggs, prize wheels) sit beside the rewards. */}
      <Anchor component={Link} to={memberCentrePath('raffles')} size="sm" data-testid="rewards-raffles-link">
        {t('raffles')}
      </Anchor>
      <DoneNotice
        text={done}
        testId="rewards-done"
        onDismiss={() => setDone(null)}
        dismissLabel={t('dismiss')}
      />
      <Tabs value={status} onChange={changeTab} keepMounted={false}>
        <Tabs.List aria-label={t('tabsLabel')}>
          {REWARD_STATUSES.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              data-testid={`rewards-tab-${value}`}
              rightSection={
                value === 'unclaimed' && unclaimedCount > 0 ? (
                  <Badge
                    size="sm"
                    color="red"
                    circle={unclaimedCount < 10}
                    aria-label={t('unclaimedCount', { count: unclaimedCount })}
                    data-testid="rewards-unclaimed-count"
                  >
                    {unclaimedCount > 99 ? '99+' : unclaimedCount}
                  </Badge>
                ) : undefined
              }
            >
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REWARD_STATUSES.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {value === status ? body : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      <MoneyConfirmDialog
        opened={pending !== null}
        title={t('claim.confirmTitle')}
        amountText={pending ? moneyText(pending.amountMinor, symbol) : ''}
        summary={pending ? t('claim.summary', { title: titleOf(pending, i18n.language) }) : ''}
        confirmLabel={t('claim.confirm')}
        retryLabel={t('retry')}
        confirmSuffix="confirm"
        busy={intent.busy}
        error={intent.errorCode ? t(`errors:${intent.errorCode}`) : null}
        onConfirm={() => void intent.confirm()}
        onClose={intent.cancel}
        testId="rewards-confirm"
      />
    </Stack>
  );
}

type RewardItemProps = { reward: RewardView; title: string; symbol: string; onClaim: () => void };

function RewardItem({ reward, title, symbol, onClaim }: RewardItemProps) {
  const { t } = useTranslation('rewards');
  const titleId = `reward-${reward.id}-title`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={titleId}
      data-testid={`reward-${reward.id}`}
      data-status={reward.status}
    >
      <div className={classes.item}>
        <Stack gap={4} className={classes.details}>
          <Text fw={600} id={titleId} className={classes.title}>
            {title}
          </Text>
          <Text fz={20} fw={700} c="red.7" data-testid={`reward-${reward.id}-amount`}>
            {moneyText(reward.amountMinor, symbol)}
          </Text>
          <dl className={classes.dates}>
            <div>
              <dt>{t('grantedAt')}</dt>
              <dd>{dateTimeText(reward.grantedAt)}</dd>
            </div>
            {reward.status === 'claimed' ? (
              <div>
                <dt>{t('claimedAt')}</dt>
                <dd data-testid={`reward-${reward.id}-claimed-at`}>{dateTimeText(reward.claimedAt)}</dd>
              </div>
            ) : (
              <div>
                <dt>{reward.status === 'expired' ? t('expiredAt') : t('expiresAt')}</dt>
                <dd data-testid={`reward-${reward.id}-expires-at`}>
                  {reward.expiresAt ? dateTimeText(reward.expiresAt) : t('noExpiry')}
                </dd>
              </div>
            )}
          </dl>
        </Stack>
        <div className={classes.action}>
          {reward.status === 'unclaimed' ? (
            <Button
              onClick={onClaim}
              aria-describedby={titleId}
              data-testid={`reward-${reward.id}-claim`}
              fullWidth
            >
              {t('claim.button')}
            </Button>
          ) : (
            <Badge color={reward.status === 'claimed' ? 'teal' : 'gray'} variant="light" size="lg">
              {t(`status.${reward.status}`)}
            </Badge>
          )}
        </div>
      </div>
    </Paper>
  );
}
