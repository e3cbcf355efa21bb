import { UPLOAD_MAX_BYTES } from '@lotus/shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { FeedbackModal } from './feedback-modal.tsx';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

function png(name: string, size = 64): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
}

const gif = () =>
  new File([new TextEncoder().encode('GIF89a\x01\x00\x01\x00')], 'anim.gif', { type: 'image/gif' });

/** Answers PUT /wps/feedback with `answer` and keeps what was sent. */
function stubFeedback(answer: { status: number; body: unknown }) {
  const sent: { method?: string; form?: FormData }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(String(input)).toBe('/wps/feedback');
    sent.push({ method: init?.method, form: init?.body as FormData });
    return Response.json(answer.body, { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchStub);
  return sent;
}

// jsdom lacks document.fonts (the autosizing textarea listens to it).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

async function openForm() {
  const user = userEvent.setup({ applyAccept: false });
  renderUi(<FeedbackModal opened onClose={() => {}} />);
  const form = await screen.findByTestId('feedback-form');
  const input = form.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { user, form, input };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText(/Question type/), 'withdrawal');
  await user.type(screen.getByLabelText(/Description/), 'My withdrawal is still pending.');
}

// user-event types each character: on a busy 2-core machine these journeys take seconds, not milliseconds.
describe('feedback modal', () => {
  beforeEach(() => resetLanguage());

  it('shows what is missing, and a live counter with the bounds', async () => {
    const { user } = await openForm();
    await user.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByText('Please choose a question type.')).toBeDefined();
    expect(screen.getByText('Please describe your question in 10 to 500 characters.')).toBeDefined();
    await user.type(screen.getByLabelText(/Description/), 'Too short');
    expect(screen.getByTestId('feedback-counter').textContent).toBe('9 / 500 characters (at least 10)');
    await user.type(screen.getByLabelText(/Description/), '!');
    expect(screen.getByTestId('feedback-counter').textContent).toBe('10 / 500 characters (at least 10)');
  });

  it('refuses non-PNG/JPG, over 5 MB and a fourth image with the SPEC messages', async () => {
    const { user, input } = await openForm();
    await user.upload(input, [gif(), png('huge.png', UPLOAD_MAX_BYTES + 1)]);
    const errors = await screen.findByTestId('feedback-image-errors');
    expect(errors.textContent).toContain('anim.gif: Only PNG or JPG images can be uploaded.');
    expect(errors.textContent).toContain('huge.png: Each image must be 5 MB or smaller.');

    await user.upload(input, [png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
    await waitFor(() => expect(screen.getAllByTestId('feedback-preview')).toHaveLength(3));
    expect(screen.getByTestId('feedback-image-errors').textContent).toContain(
      '4.png: You can attach at most 3 images.',
    );
    await user.click(screen.getByRole('button', { name: 'Remove 2.png' }));
    const alts = () =>
      screen.getAllByTestId('feedback-preview').map((preview) => preview.querySelector('img')?.alt);
    await waitFor(() => expect(alts()).toEqual(['1.png', '3.png']));
    // Previews are data URLs: the site's CSP allows data: images, not blob: ones.
    const source = screen.getAllByTestId('feedback-preview')[0]?.querySelector('img')?.getAttribute('src');
    expect(source).toMatch(/^data:image\/png;base64,/);
  });

  it('asks for confirmation, sends multipart and shows the ticket number', async () => {
    const sent = stubFeedback({
      status: 200,
      body: { success: true, message: 'ok', value: { ticketId: 4711 } },
    });
    const { user, input } = await openForm();
    await fillValid(user);
    await user.type(screen.getByLabelText(/Contact/), ' me@example.com ');
    await user.upload(input, [png('proof.png')]);
    await screen.findByTestId('feedback-preview');
    await user.click(screen.getByTestId('feedback-submit'));

    const confirm = await screen.findByTestId('feedback-confirm');
    expect(within(confirm).getByText('Send this feedback?')).toBeDefined();
    expect(sent).toHaveLength(0);
    await user.click(within(confirm).getByTestId('feedback-send'));

    expect((await screen.findByTestId('feedback-ticket-id')).textContent).toBe('#4711');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('PUT');
    const form = sent[0]?.form;
    if (!form) throw new Error('no form data was sent');
    expect(form.get('questionType')).toBe('withdrawal');
    expect(form.get('content')).toBe('My withdrawal is still pending.');
    expect(form.get('contact')).toBe('me@example.com');
    expect((form.getAll('images') as File[]).map((file) => file.name)).toEqual(['proof.png']);
  });

  it('shows what the server refused, in the visitor’s language', async () => {
    stubFeedback({ status: 415, body: { success: false, message: 'upload_type', value: null } });
    const { user } = await openForm();
    await fillValid(user);
    await user.click(screen.getByTestId('feedback-submit'));
    await user.click(await screen.findByTestId('feedback-send'));
    const alert = await screen.findByTestId('feedback-server-error');
    expect(alert.textContent).toContain('Only PNG or JPG images can be uploaded.');
    // The form keeps what was typed.
    expect((screen.getByLabelText(/Description/) as HTMLTextAreaElement).value).toBe(
      'My withdrawal is still pending.',
    );
  });
});
