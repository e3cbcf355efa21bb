import { Anchor, Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { AlertIcon, InboxIcon } from '../../../components/ui/icons.tsx';
import { errorKeyOf, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useWinnerBoard } from '../api/get-winner-board.ts';
import { useAutoScroll } from '../hooks/use-auto-scroll.ts';
import { WinnerRows } from './winner-rows.tsx';
import classes from './winners.module.css';

/**
 * Home's compact winner board (SPEC §2 "Winner board scrolls in steps of 0.5"): the latest real wins,
 * scrolling upwards half a pixel a frame, paused under the pointer or keyboard focus, still for visitors who
 * prefer reduced motion. Until the games record wins it says so.
 */
export function WinnerBoard({ id }: { id?: string }) {
  const { t } = useTranslation('content');
  const board = useWinnerBoard();
  const winners = board.data?.list ?? [];
  const viewport = useRef<HTMLElement>(null);
  const firstCopy = useRef<HTMLUListElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const { running, pauseProps } = useAutoScroll(viewport, firstCopy, track, winners.length);

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      id={id}
      aria-labelledby="winner-board-title"
      data-testid="winner-board"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="winner-board-title">
            {t('winners.title')}
          </Title>
          <Anchor component={Link} to="/winners" size="sm">
            {t('winners.viewAll')}
          </Anchor>
        </Group>
        {/* One fixed height in every state, so nothing below jumps when the list arrives. */}
        <div className={classes.body}>
          {board.isPending ? (
            <LoadingRows rows={4} height={40} />
          ) : board.isError ? (
            <EmptyState
              data-testid="winners-error"
              variant="light"
              icon={<AlertIcon size={28} />}
              title={t(errorKeyOf(board.error))}
            >
              <EmptyState.Actions>
                <Button onClick={() => void board.refetch()}>{t('common:actions.retry')}</Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : winners.length === 0 ? (
            <EmptyState
              data-testid="winners-empty"
              variant="light"
              icon={<InboxIcon size={28} />}
              title={t('winners.empty')}
              description={t('winners.emptyHint')}
            />
          ) : (
            <section
              ref={viewport}
              className={classes.viewport}
              data-static={running ? undefined : ''}
              data-scrolling={running ? 'on' : 'off'}
              data-testid="winner-board-viewport"
              // Focusable when it does not move, so keyboard users can scroll it themselves.
              tabIndex={running ? undefined : 0}
              aria-label={t('winners.title')}
              {...pauseProps}
            >
              <div ref={track} className={classes.track}>
                <WinnerRows ref={firstCopy} winners={winners} />
                {running ? <WinnerRows winners={winners} hidden /> : null}
              </div>
            </section>
          )}
        </div>
        {winners.length > 0 ? (
          <Text size="xs" c="dimmed">
            {t('winners.count', { count: winners.length })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
