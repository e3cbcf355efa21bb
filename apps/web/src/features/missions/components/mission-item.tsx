import type { MissionView } from '@lotus/shared/missions.schema';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import classes from './missions-page.module.css';

type MissionItemProps = {
  mission: MissionView;
  symbol: string;
  busy: boolean;
  onClaim: () => void;
};

/** Money kinds count minor units; the others count rounds or games. */
function amountOf(mission: MissionView, value: string, symbol: string): string {
  return mission.kind === 'turnover' || mission.kind === 'deposit' ? moneyText(value, symbol) : value;
}

/** One mission: title, a progress bar with its figures, the reward, and the claim button when complete. */
export function MissionItem({ mission, symbol, busy, onClaim }: MissionItemProps) {
  const { t } = useTranslation('missions');
  const titleId = `mission-${mission.id}-title`;
  const progressText = t('progress', {
    progress: amountOf(mission, mission.progress, symbol),
    target: amountOf(mission, mission.target, symbol),
  });
  return (
    <Paper
      component="article"
      data-testid={`mission-${mission.code}`}
      data-status={mission.status}
      aria-labelledby={titleId}
      p="md"
      radius="md"
      withBorder
    >
      <div className={classes.item}>
        <Stack className={classes.details} gap={6}>
          <Group wrap="wrap" gap="xs">
            <Text id={titleId} fw={600}>
              {mission.title}
            </Text>
            <Badge size="sm" variant="light" color={mission.status === 'in_progress' ? 'gray' : 'green'}>
              {t(`status.${mission.status}`)}
            </Badge>
          </Group>
          <ProgressBar
            percent={mission.percent}
            label={t('progressLabel', { title: mission.title, text: progressText })}
            valueText={progressText}
            testId={`mission-${mission.code}-bar`}
          />
          <Group gap="md" wrap="wrap">
            <Text size="sm" data-testid={`mission-${mission.code}-progress`}>
              {progressText}
            </Text>
            <Text size="sm" c="dimmed">
              {t('reward', { amount: moneyText(mission.rewardMinor, symbol), points: mission.points })}
            </Text>
          </Group>
        </Stack>
        <div className={classes.action}>
          {mission.status === 'complete' ? (
            <Button fullWidth loading={busy} onClick={onClaim} data-testid={`mission-${mission.code}-claim`}>
              {t('claim')}
            </Button>
          ) : (
            <Button fullWidth variant="default" disabled>
              {mission.status === 'claimed' ? t('status.claimed') : t('status.in_progress')}
            </Button>
          )}
        </div>
      </div>
    </Paper>
  );
}
