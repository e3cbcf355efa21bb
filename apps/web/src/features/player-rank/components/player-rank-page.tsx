import type { MemberRank, RankLevel } from '@lotus/shared/ranks.schema';
import { Alert, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon, HeadsetIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { LoginRequired } from '../../../components/ui/login-required.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useMemberRank } from '../api/get-member-rank.ts';
import classes from './player-rank-page.module.css';
import { RankProgress } from './rank-progress.tsx';
import { RebateHistory } from './rebate-history.tsx';

const TEST_ID = 'page-player-rank';

type PlayerRankPageProps = { loggedIn: boolean };

/**
 * /playerRank (SPEC §1 "VIP ranks", §2 player rank link): the member's level, club and labels, and the
 * brand's ladder with what each level brings. Needs a session like /favorite.
 */
export function PlayerRankPage({ loggedIn }: PlayerRankPageProps) {
  const { t } = useTranslation('playerRank');
  return (
    <PageFrame
      testId={TEST_ID}
      title={t('title')}
      description={t('lead')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('title') }]}
    >
      {loggedIn ? (
        <RankContent />
      ) : (
        <LoginRequired
          title={t('common:loginRequired.title')}
          description={t('loginHint')}
          actionLabel={t('common:actions.login')}
        />
      )}
    </PageFrame>
  );
}

function RankContent() {
  const { t, i18n } = useTranslation('playerRank');
  const rank = useMemberRank(toBrandLanguage(i18n.language), true);

  if (rank.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('loading')} data-testid={`${TEST_ID}-loading`}>
        <Skeleton height={120} radius="md" />
        <Skeleton height={88} radius="md" />
        <Skeleton height={88} radius="md" />
      </Stack>
    );
  }

  if (rank.isError) {
    const code = rank.error instanceof ApiError ? rank.error.code : 'unknown_error';
    return (
      <Alert
        color="red"
        icon={<AlertIcon size={18} />}
        title={t(`errors:${code}`)}
        role="alert"
        data-testid={`${TEST_ID}-error`}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('error.hint')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void rank.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const value = rank.data;
  return (
    <Stack gap="lg">
      <CurrentRank rank={value} />
      {value.ladder.length > 0 ? <RankProgress rank={value} /> : null}
      {value.ladder.length === 0 ? (
        <EmptyBlock
          testId={`${TEST_ID}-empty`}
          title={t('empty.title')}
          description={t('empty.hint', { level: value.rankLevel })}
        />
      ) : (
        <Ladder rank={value} />
      )}
      <RebateHistory />
    </Stack>
  );
}

function CurrentRank({ rank }: { rank: MemberRank }) {
  const { t } = useTranslation('playerRank');
  const level = rank.ladder.find((entry) => entry.level === rank.rankLevel);
  const levelText = t('current.level', { level: rank.rankLevel });
  const isVip = rank.rankLevel >= rank.vipServiceFromLevel;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid={`${TEST_ID}-current`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" fw={600}>
          {t('current.heading')}
        </Text>
        <Group gap="sm" wrap="wrap" align="baseline">
          <Title order={2} fz={{ base: 22, sm: 26 }} data-testid={`${TEST_ID}-current-name`}>
            {level?.name ?? levelText}
          </Title>
          {level ? (
            <Badge variant="light" size="lg">
              {levelText}
            </Badge>
          ) : null}
          {isVip ? (
            <Badge color="yellow" variant="filled" size="lg">
              {t('ladder.vip')}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('current.club')}:
          </Text>
          <Text size="sm" data-testid={`${TEST_ID}-club`}>
            {rank.clubLabelName ?? t('current.noClub')}
          </Text>
        </Group>
        <Stack gap={6}>
          <Text size="sm" fw={600} id={`${TEST_ID}-labels-title`}>
            {t('current.labels')}
          </Text>
          {rank.memberLabels.length > 0 ? (
            <Group
              gap="xs"
              wrap="wrap"
              component="ul"
              className={classes.ladder}
              aria-labelledby={`${TEST_ID}-labels-title`}
              data-testid={`${TEST_ID}-labels`}
            >
              {rank.memberLabels.map((label) => (
                <li key={label}>
                  <Badge variant="outline" leftSection={<ShieldIcon size={12} />}>
                    {label}
                  </Badge>
                </li>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('current.noLabels')}
            </Text>
          )}
        </Stack>
        {isVip ? (
          <Group gap="xs" wrap="nowrap">
            <HeadsetIcon size={16} />
            <Text size="sm">{t('current.vipActive')}</Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Ladder({ rank }: { rank: MemberRank }) {
  const { t } = useTranslation('playerRank');
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${TEST_ID}-ladder-title`}>
      <Title order={2} fz={{ base: 20, sm: 22 }} id={`${TEST_ID}-ladder-title`}>
        {t('ladder.heading')}
      </Title>
      <Alert
        variant="light"
        color="yellow"
        icon={<HeadsetIcon size={18} />}
        data-testid={`${TEST_ID}-vip-note`}
      >
        {t('vipNote', { level: rank.vipServiceFromLevel })}
      </Alert>
      <Stack gap="sm" component="ol" className={classes.ladder} data-testid={`${TEST_ID}-ladder`}>
        {rank.ladder.map((entry) => (
          <LadderLevel key={entry.level} entry={entry} current={entry.level === rank.rankLevel} />
        ))}
      </Stack>
    </Stack>
  );
}

function LadderLevel({ entry, current }: { entry: RankLevel; current: boolean }) {
  const { t } = useTranslation('playerRank');
  const titleId = `${TEST_ID}-level-${entry.level}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      className={current ? classes.current : undefined}
      aria-current={current ? 'true' : undefined}
      aria-labelledby={titleId}
      data-testid={`${TEST_ID}-level`}
      data-level={entry.level}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="wrap">
            <Badge variant="default" size="md">
              {t('current.level', { level: entry.level })}
            </Badge>
            <Text fw={700} id={titleId}>
              {entry.name}
            </Text>
          </Group>
          <Group gap="xs" wrap="wrap">
            {entry.vip ? (
              <Badge color="yellow" variant="light">
                {t('ladder.vip')}
              </Badge>
            ) : null}
            {current ? <Badge variant="filled">{t('ladder.you')}</Badge> : null}
          </Group>
        </Group>
        {entry.benefits.length > 0 ? (
          <List size="sm" spacing={4}>
            {entry.benefits.map((benefit) => (
              <List.Item key={benefit}>{benefit}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t('ladder.noBenefits')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
