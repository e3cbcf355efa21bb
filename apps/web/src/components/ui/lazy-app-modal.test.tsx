import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi } from '../../test/render-ui.tsx';
import { LazyAppModal } from './lazy-app-modal.tsx';

describe('LazyAppModal', () => {
  it('renders nothing while never opened, and the dialog once opened', async () => {
    await resetLanguage();
    const closed = renderUi(
      <LazyAppModal opened={false} onClose={() => {}} title="Share">
        Coming soon
      </LazyAppModal>,
    );
    expect(screen.queryByText('Coming soon')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    closed.unmount();

    renderUi(
      <LazyAppModal opened onClose={() => {}} title="Share" testId="lazy-dialog">
        Coming soon
      </LazyAppModal>,
    );
    expect(await screen.findByRole('dialog', { name: 'Share' })).toBeDefined();
    expect(screen.getByTestId('lazy-dialog').textContent).toContain('Coming soon');
  });
});
