import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { ContentPage } from './content-page.tsx';

describe('content page', () => {
  beforeEach(() => resetLanguage());

  it('shows the brand page as sanitised HTML under its own title', async () => {
    stubFetch({
      '/wps/content/pages/privacy': {
        key: 'privacy',
        title: 'Privacy policy',
        content: '<h2>Data</h2><script>x</script>',
      },
    });
    renderUi(<ContentPage pageKey="privacy" />);
    const body = await screen.findByTestId('content-page-body');
    expect(body.innerHTML).toBe('<h2>Data</h2>');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy policy');
  });

  it('shows the not-found state for an unknown key without asking the server', async () => {
    const fetchStub = stubFetch({});
    renderUi(<ContentPage pageKey="secrets" />);
    expect(await screen.findByTestId('not-found-state')).toBeDefined();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
