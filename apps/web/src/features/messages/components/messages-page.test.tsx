import type { MessagePage, PlatformMessage } from '@lotus/shared/messages.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { MessagesPage } from './messages-page.tsx';

function message(id: number, read: boolean, body = `<p>Body ${id}</p>`): PlatformMessage {
  return { id: String(id), title: `Message ${id}`, body, createdAt: '2026-11-20T10:00:00.000Z', read };
}

/**
 * A small inbox on the fake server: GET pages it, POST read / read-all and DELETE change it, the counts
 * follow. Every request is recorded with its method.
 */
function serveInbox(initial: PlatformMessage[], options: { failList?: boolean } = {}) {
  let inbox = [...initial];
  const calls: string[] = [];
  const unread = () => inbox.filter((item) => !item.read).length;
  const fetchStub = stubFetch({});
  fetchStub.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    const okJson = (value: unknown) => Response.json({ success: true, message: 'ok', value });
    if (url.pathname === '/wps/member/messages' && method === 'GET') {
      if (options.failList) {
        return Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 });
      }
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const value: MessagePage = {
        list: inbox.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        total: inbox.length,
        totalPages: Math.ceil(inbox.length / pageSize),
      };
      return okJson(value);
    }
    if (url.pathname === '/wps/relay/CSP_unreadCount')
      return okJson({ messageCount: unread(), rewardCount: 0 });
    if (url.pathname === '/wps/member/messages/read-all') {
      inbox = inbox.map((item) => ({ ...item, read: true }));
      return okJson({ unread: 0 });
    }
    const one = /^\/wps\/member\/messages\/(\d+)(\/read)?$/.exec(url.pathname);
    if (one) {
      const id = one[1];
      if (!inbox.some((item) => item.id === id)) {
        return Response.json({ success: false, message: 'message_not_found', value: null }, { status: 404 });
      }
      if (one[2] && method === 'POST')
        inbox = inbox.map((item) => (item.id === id ? { ...item, read: true } : item));
      if (!one[2] && method === 'DELETE') inbox = inbox.filter((item) => item.id !== id);
      return okJson({ unread: unread() });
    }
    return Response.json({ success: false, message: 'not_found', value: null }, { status: 404 });
  });
  return { calls };
}

describe('platform messages page (member centre messageV2)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('lists messages newest first with an unread dot, and marks one read when opened', async () => {
    const { calls } = serveInbox([message(2, false), message(1, true)]);
    renderUi(<MessagesPage />);
    const unreadRow = await screen.findByTestId('message-row-2');
    expect(within(unreadRow).getByTestId('message-unread-2').textContent).toBe('Unread');
    expect(screen.queryByTestId('message-unread-1')).toBeNull();
    expect((await screen.findByTestId('messages-summary')).textContent).toBe('1 unread message');

    await userEvent.click(unreadRow);
    const dialog = await screen.findByRole('dialog', { name: 'Message 2' });
    expect(within(dialog).getByTestId('message-body').innerHTML).toBe('<p>Body 2</p>');
    await waitFor(() => expect(calls).toContain('POST /wps/member/messages/2/read'));
    await waitFor(() => expect(screen.queryByTestId('message-unread-2')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('messages-summary').textContent).toBe('0 unread messages'));
    // Opening a read message asks nothing more.
    await userEvent.click(within(dialog).getByTestId('message-close'));
    await userEvent.click(screen.getByTestId('message-row-1'));
    await screen.findByRole('dialog', { name: 'Message 1' });
    expect(calls.filter((call) => call.startsWith('POST /wps/member/messages/1'))).toEqual([]);
  });

  it('sanitises the body again before showing it', async () => {
    serveInbox([
      message(5, true, '<p onclick="x()">Hi<script>alert(1)</script><img src="javascript:y"></p>'),
    ]);
    renderUi(<MessagesPage />);
    await userEvent.click(await screen.findByTestId('message-row-5'));
    const body = await screen.findByTestId('message-body');
    expect(body.innerHTML).not.toMatch(/script|onclick|javascript/);
    expect(body.textContent).toBe('Hi');
  });

  it('marks all read', async () => {
    const { calls } = serveInbox([message(3, false), message(2, false), message(1, true)]);
    renderUi(<MessagesPage />);
    await screen.findByTestId('message-unread-3');
    await userEvent.click(screen.getByTestId('messages-read-all'));
    await waitFor(() => expect(screen.queryByTestId('message-unread-3')).toBeNull());
    expect(screen.queryByTestId('message-unread-2')).toBeNull();
    expect(calls).toContain('POST /wps/member/messages/read-all');
    await waitFor(() =>
      expect((screen.getByTestId('messages-read-all') as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('deletes a message only after the confirm', async () => {
    const { calls } = serveInbox([message(2, true), message(1, true)]);
    renderUi(<MessagesPage />);
    await userEvent.click(await screen.findByTestId('message-row-2'));
    const dialog = await screen.findByRole('dialog', { name: 'Message 2' });
    await userEvent.click(within(dialog).getByTestId('message-delete'));
    expect(within(dialog).getByText('Delete this message? It cannot be brought back.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByTestId('message-delete'));
    await userEvent.click(within(dialog).getByTestId('message-delete-yes'));
    await waitFor(() => expect(screen.queryByTestId('message-row-2')).toBeNull());
    expect(calls).toContain('DELETE /wps/member/messages/2');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('message-row-1')).toBeTruthy();
  });

  it('pages through the list', async () => {
    serveInbox([message(3, false), message(2, false), message(1, false)]);
    renderUi(<MessagesPage pageSize={2} />);
    await screen.findByTestId('message-row-3');
    expect(screen.queryByTestId('message-row-1')).toBeNull();
    await userEvent.click(screen.getByTestId('messages-page-next'));
    expect(await screen.findByTestId('message-row-1')).toBeTruthy();
    expect(screen.queryByTestId('message-row-3')).toBeNull();
  });

  it('shows the empty state', async () => {
    serveInbox([]);
    renderUi(<MessagesPage />);
    expect(await screen.findByTestId('messages-empty')).toBeTruthy();
    expect(screen.getByText('No messages yet')).toBeTruthy();
  });

  it('shows a failure with a retry', async () => {
    serveInbox([message(1, false)], { failList: true });
    renderUi(<MessagesPage />);
    const error = await screen.findByTestId('messages-error');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks Hindi', async () => {
    await resetLanguage('hi');
    serveInbox([]);
    renderUi(<MessagesPage />);
    expect(await screen.findByText('अभी कोई संदेश नहीं')).toBeTruthy();
    await resetLanguage('en');
  });
});
