import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useId, useReducer, useRef } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useAnnouncementPage } from '../api/get-announcement-page.ts';
import { browserReducer, initialBrowserState } from '../utils/announcement-browser.ts';
import { AnnouncementArticle } from './announcement-article.tsx';
import classes from './announcement-popup.module.css';

/** Wide enough for the list beside the text; the modal narrows itself on a phone. */
const POPUP_WIDTH = 880;
/** Where the list and the text stack (Mantine's sm breakpoint, as in the CSS module). */
const STACKED_QUERY = '(max-width: 48em)';

type AnnouncementPopupProps = {
  opened: boolean;
  /** The notice chosen on the home page (its id); null opens on the newest announcement. */
  initialId: string | null;
  onClose: () => void;
};

/**
 * The notice / announcement popup (SPEC §2): the site's announcements listed on the left, 9 a page with
 * previous and next, the chosen one's title and rich text on the right (below the list on a phone).
 */
export function AnnouncementPopup({ opened, initialId, onClose }: AnnouncementPopupProps) {
  const { t } = useTranslation('chrome');
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={t('announcements.title')}
      size={POPUP_WIDTH}
      testId="announcement-popup"
    >
      {/* Mounted only while open: each opening starts afresh on the chosen notice. */}
      {opened ? <AnnouncementBrowser key={initialId ?? ''} initialId={initialId} /> : null}
    </AppModal>
  );
}

function AnnouncementBrowser({ initialId }: { initialId: string | null }) {
  const { t } = useTranslation(['chrome', 'common']);
  const detailId = useId();
  const detailRef = useRef<HTMLElement | null>(null);
  const [state, dispatch] = useReducer(browserReducer, initialId, initialBrowserState);
  const { data, isPending, isError, isPlaceholderData, refetch, isRefetching } = useAnnouncementPage(
    'B',
    state.page,
  );

  useEffect(() => {
    if (!data || isPlaceholderData) return;
    dispatch({
      type: 'loaded',
      pageNum: data.pageNum,
      totalPages: data.totalPages,
      ids: data.list.map((item) => String(item.id)),
    });
  }, [data, isPlaceholderData]);

  if (isError) {
    return (
      <Stack align="center" gap="sm" py="xl" data-testid="announcement-error">
        <Text>{t('announcements.loadError')}</Text>
        <Button variant="default" loading={isRefetching} onClick={() => void refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  }
  if (isPending || state.seeking !== null) {
    return (
      <Group justify="center" py="xl" data-testid="announcement-loading">
        <Loader size="sm" aria-label={t('common:status.loading')} />
      </Group>
    );
  }
  if (data.list.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="announcement-empty">
        {t('announcements.empty')}
      </Text>
    );
  }

  const selected = state.expanded
    ? data.list.find((item) => String(item.id) === state.selectedId)
    : undefined;
  const totalPages = Math.max(1, data.totalPages);
  return (
    <div className={classes.layout}>
      <nav className={classes.list} aria-label={t('announcements.listLabel')}>
        <ul
          className={classes.items}
          data-testid="announcement-list"
          aria-busy={isPlaceholderData || undefined}
        >
          {data.list.map((item) => {
            const id = String(item.id);
            const open = state.expanded && id === state.selectedId;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  className={classes.item}
                  aria-expanded={open}
                  aria-controls={detailId}
                  data-selected={open || undefined}
                  data-testid="announcement-item"
                  data-announcement-id={item.id}
                  onClick={() => {
                    dispatch({ type: 'choose', id });
                    // On a phone the text is below the list: bring it into view when a notice opens.
                    if (!open && window.matchMedia(STACKED_QUERY).matches) {
                      requestAnimationFrame(() => detailRef.current?.scrollIntoView({ block: 'start' }));
                    }
                  }}
                >
                  <span className={classes.itemTitle}>{item.title}</span>
                  <time className={classes.itemTime} dateTime={item.timestamp}>
                    {formatDateTime(item.timestamp)}
                  </time>
                </button>
              </li>
            );
          })}
        </ul>
        <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.pager}>
          <Button
            variant="default"
            size="compact-sm"
            disabled={state.page <= 1}
            onClick={() => dispatch({ type: 'goToPage', page: state.page - 1 })}
            data-testid="announcement-previous"
          >
            {t('pagination.previous')}
          </Button>
          <Text size="sm" c="dimmed" data-testid="announcement-page">
            {t('pagination.position', { page: state.page, total: totalPages })}
          </Text>
          <Button
            variant="default"
            size="compact-sm"
            disabled={state.page >= totalPages}
            onClick={() => dispatch({ type: 'goToPage', page: state.page + 1 })}
            data-testid="announcement-next"
          >
            {t('pagination.next')}
          </Button>
        </Group>
      </nav>
      <section
        ref={detailRef}
        id={detailId}
        className={classes.detail}
        aria-live="polite"
        data-testid="announcement-detail"
      >
        {selected ? (
          <AnnouncementArticle announcement={selected} testId="announcement-content" />
        ) : (
          <Text c="dimmed" data-testid="announcement-hint">
            {t('announcements.chooseHint')}
          </Text>
        )}
      </section>
    </div>
  );
}
