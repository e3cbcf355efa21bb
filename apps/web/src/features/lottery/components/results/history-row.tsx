import type { LotteryDraw } from '@lotus/shared/lottery.schema';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../../lib/i18n-react.tsx';
import { dateTimeText } from '../../../../lib/money/money.ts';
import { LotteryResultBoard } from '../result-board.tsx';
import classes from './results.module.css';

/** The verify page in lottery mode, prefilled with the draw (issue 20); `back` returns to the game's page. */
export function lotteryVerifyHref(drawId: string, back?: string): string {
  const query = new URLSearchParams({ mode: 'lottery', drawId });
  if (back?.startsWith('/lottery')) query.set('back', back);
  return `/originals/verify?${query.toString()}`;
}

/** One past draw: number, time, headline (the full board on demand) and its proof. */
export function HistoryRow({ draw }: { draw: LotteryDraw }) {
  const { t } = useTranslation('lotteryLive');
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const hasResult = draw.result !== null;
  return (
    <Paper withBorder p="xs" component="li" data-testid={`lottery-history-${draw.drawId}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {t('history.drawNo', { drawNo: draw.drawNo })}
            </Text>
            <Text size="xs" c="dimmed">
              {dateTimeText(draw.drawsAt)}
            </Text>
          </Stack>
          <LotteryResultBoard draw={draw} compact />
          {hasResult ? (
            <Button
              variant="subtle"
              size="compact-xs"
              aria-expanded={open}
              onClick={() => setOpen((current) => !current)}
              data-testid={`lottery-history-${draw.drawId}-toggle`}
            >
              {open ? t('history.hide') : t('history.show')}
            </Button>
          ) : null}
        </Group>
        {open ? <LotteryResultBoard draw={draw} /> : null}
        {draw.seedHash ? (
          <Text className={classes.hash}>
            {t('history.seedHash')} {draw.seedHash}
          </Text>
        ) : null}
        {draw.seed ? (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text className={classes.hash}>
              {t('history.seed')} {draw.seed}
            </Text>
            <Anchor
              component={Link}
              to={lotteryVerifyHref(draw.drawId, `${location.pathname}${location.search}`)}
              size="sm"
              data-testid={`lottery-history-${draw.drawId}-verify`}
            >
              {t('history.verify')}
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
