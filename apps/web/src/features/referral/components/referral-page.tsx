import type { ReferralSummary } from '@lotus/shared/missions.schema';
import {
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { errorKeyOf, LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, moneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { useReferral } from '../api/get-referral.ts';
import classes from './referral-page.module.css';
import { ReferralQr } from './referral-qr.tsx';

type ReferralPageProps = { currencySymbol: string };

/**
 * Invite friends (member centre `referral`, SPEC §2; issue 19): the player's code, the registration link and
 * its QR code, the brand's rule, the friends who joined (names masked) and what they earned the player.
 * While the brand does not run referral the server answers `activity_coming`, shown as the page's message.
 */
export function ReferralPage({ currencySymbol }: ReferralPageProps) {
  const { t } = useTranslation('missions');
  const symbol = symbolOrDefault(currencySymbol);
  const referral = useReferral();

  if (referral.isPending) return <LoadingRows rows={4} height={48} testId="referral-loading" />;
  if (referral.isError) {
    if (referral.error instanceof ApiError && referral.error.code === 'activity_coming') {
      return <EmptyBlock testId="referral-off" title={t(errorKeyOf(referral.error))} />;
    }
    return (
      <LoadFailed error={referral.error} onRetry={() => void referral.refetch()} testId="referral-error" />
    );
  }
  const data = referral.data;
  const link = `${window.location.origin}${data.path}`;
  return (
    <Stack gap="lg" data-testid="page-referral">
      <Paper withBorder radius="md" p="md">
        <div className={classes.share}>
          <Stack gap="sm" className={classes.fields}>
            <CopyField label={t('referral.codeLabel')} value={data.code} testId="referral-code" />
            <CopyField label={t('referral.linkLabel')} value={link} testId="referral-link" />
            <Text size="sm" c="dimmed" data-testid="referral-rule">
              {data.rule
                ? t('referral.rule', {
                    percent: data.rule.sharePercent.replace(/\.00$/, ''),
                    min: moneyText(data.rule.minDepositMinor, symbol),
                    cap: moneyText(data.rule.capMinor, symbol),
                  })
                : t('referral.noRule')}
            </Text>
          </Stack>
          <ReferralQr link={link} />
        </div>
      </Paper>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Figure
          label={t('referral.friendCount')}
          value={String(data.friendCount)}
          testId="referral-friend-count"
        />
        <Figure
          label={t('referral.totalEarned')}
          value={moneyText(data.totalEarnedMinor, symbol)}
          testId="referral-total"
        />
      </SimpleGrid>
      <Friends data={data} symbol={symbol} />
    </Stack>
  );
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('missions');
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" id={`${testId}-label`}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text fw={600} className={classes.link} aria-labelledby={`${testId}-label`} data-testid={testId}>
          {value}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              className={classes.copy}
              size="compact-sm"
              variant="default"
              onClick={copy}
              aria-label={`${t('referral.copy')}: ${label}`}
            >
              {copied ? t('referral.copied') : t('referral.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={20} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function Friends({ data, symbol }: { data: ReferralSummary; symbol: string }) {
  const { t } = useTranslation('missions');
  return (
    <Stack gap="sm" component="section" aria-labelledby="referral-friends-title">
      <Title order={2} fz="lg" id="referral-friends-title">
        {t('referral.friendsTitle')}
      </Title>
      {data.friends.length === 0 ? (
        <EmptyBlock testId="referral-friends-empty" title={t('referral.noFriends')} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table className={classes.friends} data-testid="referral-friends">
            <caption>
              <VisuallyHidden>{t('referral.friendsCaption')}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('referral.friend')}</th>
                <th scope="col">{t('referral.joined')}</th>
                <th scope="col">{t('referral.firstDeposit')}</th>
                <th scope="col" className={classes.number}>
                  {t('referral.earned')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.friends.map((friend) => (
                <tr key={`${friend.name}-${friend.joinedAt}`}>
                  <td>{friend.name}</td>
                  <td>{dateTimeText(friend.joinedAt)}</td>
                  <td>{friend.firstDeposit ? t('referral.yes') : t('referral.no')}</td>
                  <td className={classes.number}>{moneyText(friend.earnedMinor, symbol)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Stack>
  );
}
