import { MESSAGES_PAGE_SIZE } from '@lotus/shared/messages.schema';
import {
  Alert,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { EnvelopeIcon } from '../../../components/ui/icons.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { type PlatformMessage, useMessages } from '../api/get-messages.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useMessageActions } from '../api/use-message-actions.ts';
import classes from './messages-page.module.css';

type MessagesPageProps = {
  /** Messages a page; the API's default unless a test wants fewer. */
  pageSize?: number;
};

/**
 * Platform messages (member centre `messageV2`, SPEC §2): the member's messages newest first, unread ones
 * marked with a red dot and in bold. Opening one shows its rich text (sanitised again here, like
 * announcements) and marks it read; it can be deleted from there after a confirm. "Mark all read" clears
 * the unread count; every change refreshes the header and menu badges (use-message-actions.ts).
 */
export function MessagesPage({ pageSize = MESSAGES_PAGE_SIZE }: MessagesPageProps) {
  const { t } = useTranslation('messages');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useMessages(page, pageSize);
  const counts = useUnreadCount();
  const actions = useMessageActions();
  const data = messages.data;

  // The list shrank under the player (a delete on the last page): show the new last page.
  useEffect(() => {
    if (data && data.list.length === 0 && data.totalPages > 0 && page > data.totalPages) {
      setPage(data.totalPages);
    }
  }, [data, page]);

  const open = data?.list.find((message) => message.id === openId) ?? null;
  const hasUnread = (counts.data?.messageCount ?? 0) > 0 || (data?.list.some((item) => !item.read) ?? false);

  const openMessage = (message: PlatformMessage) => {
    setOpenId(message.id);
    if (!message.read) actions.read.mutate(message.id);
  };

  return (
    <Stack gap="md" data-testid="page-messageV2">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" data-testid="messages-summary" aria-live="polite">
          {counts.data ? t('unreadSummary', { count: counts.data.messageCount }) : ''}
        </Text>
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => actions.readAll.mutate()}
          loading={actions.readAll.isPending}
          disabled={!hasUnread}
          data-testid="messages-read-all"
        >
          {t('markAllRead')}
        </Button>
      </Group>
      {actions.readAll.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid="messages-action-error">
          {messageForApiError(t, actions.readAll.error)}
        </Alert>
      ) : null}

      {messages.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t('loading')} data-testid="messages-loading" />
        </Group>
      ) : messages.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('loadFailed')} data-testid="messages-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{messageForApiError(t, messages.error)}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void messages.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : messages.data.list.length === 0 ? (
        <EmptyBlock
          testId="messages-empty"
          title={t('empty.title')}
          description={t('empty.description')}
          icon={<EnvelopeIcon size={28} />}
        />
      ) : (
        <>
          <ul
            className={classes.list}
            aria-label={t('listLabel')}
            aria-busy={messages.isFetching || undefined}
          >
            {messages.data.list.map((message) => (
              <li key={message.id} className={`${classes.item} ${message.read ? '' : classes.unread}`}>
                <UnstyledButton
                  className={classes.row}
                  onClick={() => openMessage(message)}
                  data-testid={`message-row-${message.id}`}
                  data-read={message.read}
                  aria-haspopup="dialog"
                >
                  {message.read ? (
                    <span />
                  ) : (
                    <span className={classes.dot} data-testid={`message-unread-${message.id}`}>
                      <VisuallyHidden>{t('unread')}</VisuallyHidden>
                    </span>
                  )}
                  <Text span size="sm" className={classes.title}>
                    {message.title}
                  </Text>
                  <Text
                    span
                    size="xs"
                    c="dimmed"
                    className={classes.time}
                    component="time"
                    dateTime={message.createdAt}
                  >
                    {formatDateTime(message.createdAt)}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </ul>
          <Group justify="center">
            <ListPager
              totalPages={messages.data.totalPages}
              pageNo={page}
              onChange={setPage}
              size="sm"
              testId="messages"
            />
          </Group>
        </>
      )}

      <MessageDialog
        message={open}
        onClose={() => setOpenId(null)}
        onDelete={async (id) => {
          await actions.remove.mutateAsync(id);
          setOpenId(null);
        }}
      />
    </Stack>
  );
}

type MessageDialogProps = {
  message: PlatformMessage | null;
  onClose: () => void;
  onDelete: (id: string) => Promise<void>;
};

/** One message in full, with its delete (asked twice: a deleted message cannot be brought back). */
function MessageDialog({ message, onClose, onDelete }: MessageDialogProps) {
  const { t } = useTranslation('messages');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messageId = message?.id;

  // Each message opens on its text, not on the previous one's confirm step.
  useEffect(() => {
    if (messageId === undefined) return;
    setConfirming(false);
    setError(null);
  }, [messageId]);

  const remove = async () => {
    if (!message) return;
    setBusy(true);
    setError(null);
    try {
      await onDelete(message.id);
    } catch (failure) {
      setError(messageForApiError(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      opened={message !== null}
      onClose={busy ? () => undefined : onClose}
      title={message?.title ?? ''}
      size="lg"
      testId="message-dialog"
    >
      {message ? (
        <Stack gap="md">
          <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
            {formatDateTime(message.createdAt)}
          </Text>
          <SafeHtml html={message.body} testId="message-body" />
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="message-delete-error">
              {error}
            </Alert>
          ) : null}
          {confirming ? (
            <Stack gap="xs" data-testid="message-delete-confirm">
              <Title order={3} fz="sm">
                {t('deleteConfirm')}
              </Title>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
                  {t('cancel')}
                </Button>
                <Button
                  color="red"
                  onClick={() => void remove()}
                  loading={busy}
                  data-testid="message-delete-yes"
                >
                  {t('delete')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="flex-end" gap="sm">
              <Button
                variant="subtle"
                color="red"
                onClick={() => setConfirming(true)}
                data-testid="message-delete"
              >
                {t('delete')}
              </Button>
              <Button onClick={onClose} data-testid="message-close">
                {t('close')}
              </Button>
            </Group>
          )}
        </Stack>
      ) : null}
    </AppModal>
  );
}
