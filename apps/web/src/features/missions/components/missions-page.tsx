import type { MissionView } from '@lotus/shared/missions.schema';
import { MISSION_PERIODS } from '@lotus/shared/missions-constants';
import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { errorKeyOf, LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { useClaimMission } from '../api/claim-mission.ts';
import { useMissionSummary } from '../api/get-mission-summary.ts';
import { clockSkew, countdownParts } from '../utils/countdown.ts';
import { MissionItem } from './mission-item.tsx';
import { MissionLeaderboard } from './mission-leaderboard.tsx';
import classes from './missions-page.module.css';

type MissionsPageProps = { currencySymbol: string };

/** The server's time now, ticking every second (the countdown follows the server, not the device). */
function useServerNow(serverNow: string | undefined): number {
  const [skew, setSkew] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverNow) setSkew(clockSkew(serverNow, Date.now()));
  }, [serverNow]);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now + skew;
}

/**
 * Mission activity (member centre `missionLeaderboard`, SPEC §2; issue 19): the daily and weekly missions
 * with progress bars, a countdown to each reset and a claim button when complete (the reward goes to the
 * reward centre, where the player claims the money), then this week's leaderboard.
 */
export function MissionsPage({ currencySymbol }: MissionsPageProps) {
  const { t, i18n } = useTranslation('missions');
  const symbol = symbolOrDefault(currencySymbol);
  const language = i18n.language.toLowerCase().startsWith('hi') ? 'HI' : 'EN';
  const summary = useMissionSummary(language);
  const claim = useClaimMission();
  const [notice, setNotice] = useState<string | null>(null);
  const now = useServerNow(summary.data?.now);

  const resetText = (end: string) => {
    const { days, clock } = countdownParts(end, now);
    return days > 0 ? t('resetsInDays', { count: days, time: clock }) : t('resetsIn', { time: clock });
  };

  const onClaim = (mission: MissionView) => {
    setNotice(null);
    claim.mutate(mission.id, {
      onSuccess: (result) =>
        setNotice(t('claimed', { amount: moneyText(result.rewardMinor, symbol), points: result.points })),
      onError: (error) => setNotice(t(errorKeyOf(error))),
    });
  };

  let body: ReactNode;
  if (summary.isPending) body = <LoadingRows rows={4} height={72} testId="missions-loading" />;
  else if (summary.isError)
    body = (
      <LoadFailed error={summary.error} onRetry={() => void summary.refetch()} testId="missions-error" />
    );
  else if (summary.data.missions.length === 0)
    body = <EmptyBlock testId="missions-empty" title={t('empty')} />;
  else {
    const { missions } = summary.data;
    body = MISSION_PERIODS.map((period) => {
      const ofPeriod = missions.filter((mission) => mission.period === period);
      const first = ofPeriod[0];
      if (!first) return null;
      return (
        <Stack key={period} gap="sm" component="section" aria-labelledby={`missions-${period}`}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} fz="lg" id={`missions-${period}`}>
              {t(`period.${period}`)}
            </Title>
            <Text size="sm" c="dimmed" data-testid={`missions-${period}-reset`}>
              {resetText(first.periodEnd)}
            </Text>
          </Group>
          <ul className={classes.list}>
            {ofPeriod.map((mission) => (
              <li key={mission.id}>
                <MissionItem
                  mission={mission}
                  symbol={symbol}
                  busy={claim.isPending && claim.variables === mission.id}
                  onClaim={() => onClaim(mission)}
                />
              </li>
            ))}
          </ul>
        </Stack>
      );
    });
  }

  return (
    <Stack gap="lg" data-testid="page-missionLeaderboard">
      <DoneNotice
        text={notice}
        testId="missions-notice"
        onDismiss={() => setNotice(null)}
        dismissLabel={t('dismiss')}
      />
      {summary.data ? (
        <Text size="sm" data-testid="missions-week-points">
          {t('weekPoints', { points: summary.data.weekPoints })}
        </Text>
      ) : null}
      {body}
      <MissionLeaderboard />
    </Stack>
  );
}
