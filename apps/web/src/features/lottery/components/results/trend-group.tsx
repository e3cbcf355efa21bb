import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n-react.tsx';
import type { LotteryTrendGroupView } from '../../api/trends.ts';
import classes from './results.module.css';

/** A group's name: a digit position ('p3'), or the family's named group ('all', 'head', 'sum'…). */
export function useGroupName(): (group: string) => string {
  const { t } = useTranslation('lotteryLive');
  return (group) => {
    const position = /^p([0-9]+)$/.exec(group);
    return position ? t('trends.position', { n: position[1] }) : t(`trends.groups.${group}`);
  };
}

/** Values in their natural order: numerically when they are numbers ('1' … '18'), else as text. */
function sortedValues(counts: Record<string, number>): string[] {
  return Object.keys(counts).sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
}

/**
 * One trend group: a bar per value (how often it came in the sample; hot values red, cold cyan), the draws
 * since each was last seen, then the hot and cold lists. Plain CSS bars, each row readable as text.
 */
export function TrendGroup({ group }: { group: LotteryTrendGroupView }) {
  const { t } = useTranslation('lotteryLive');
  const groupName = useGroupName();
  const max = Math.max(1, ...Object.values(group.counts));
  const hot = new Set(group.hot);
  const cold = new Set(group.cold);
  return (
    <Paper withBorder p="xs" data-testid={`lottery-trend-${group.group}`}>
      <Stack gap={6}>
        <Text fw={600} size="sm" id={`trend-${group.group}`}>
          {groupName(group.group)}
        </Text>
        <div className={classes.bar} aria-hidden="true">
          <Text size="xs" c="dimmed">
            #
          </Text>
          <span />
          <Text size="xs" c="dimmed" title={t('trends.countHint')}>
            {t('trends.count')}
          </Text>
          <Text size="xs" c="dimmed" title={t('trends.missingHint')}>
            {t('trends.missing')}
          </Text>
        </div>
        <ul className={classes.bars} aria-labelledby={`trend-${group.group}`}>
          {sortedValues(group.counts).map((value) => {
            const count = group.counts[value] ?? 0;
            const missing = group.missing[value] ?? 0;
            const tone = hot.has(value) ? classes.barHot : cold.has(value) ? classes.barCold : '';
            return (
              <li
                key={value}
                className={classes.bar}
                aria-label={t('trends.row', { value, count, missing })}
                data-testid={`lottery-trend-${group.group}-${value}`}
              >
                <span aria-hidden="true">{value}</span>
                <div className={classes.barTrack} aria-hidden="true">
                  <div
                    className={`${classes.barFill} ${tone}`}
                    style={{ width: `${(count / max) * 100}%` }}
                  />
                </div>
                <span aria-hidden="true">{count}</span>
                <span aria-hidden="true">{missing}</span>
              </li>
            );
          })}
        </ul>
        <Group gap={4}>
          <Text size="xs">{t('trends.hot')}</Text>
          {group.hot.map((value) => (
            <Badge key={value} color="red" variant="light" size="sm">
              {value}
            </Badge>
          ))}
        </Group>
        <Group gap={4}>
          <Text size="xs">{t('trends.cold')}</Text>
          {group.cold.map((value) => (
            <Badge key={value} color="cyan" variant="light" size="sm">
              {value}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
