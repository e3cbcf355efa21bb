import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeStatus } from '../test/fixtures.ts';
import { findLayout, renderApp, resetLanguage } from '../test/render-app.tsx';

describe('root view by system status', () => {
  beforeEach(() => resetLanguage());

  it('shows the site for status 0', async () => {
    renderApp('/', { status: makeStatus({ status: 0 }) });
    await findLayout();
    expect(await screen.findByTestId('page-home')).toBeDefined();
    expect(screen.queryByTestId('maintenance-page')).toBeNull();
  });

  it('shows the maintenance page for status 1, with the operator message and customer service', async () => {
    renderApp('/promotions', {
      status: makeStatus({
        status: 1,
        maintenanceMessage: { EN: 'Back at 10:00 UTC.', HI: 'सुबह 10:00 UTC पर वापस।' },
        customerServiceUrl: 'https://support.example.test/',
      }),
    });
    const page = await screen.findByTestId('maintenance-page');
    expect(page.textContent).toContain('Back at 10:00 UTC.');
    expect(within(page).getByTestId('customer-service-link').getAttribute('href')).toBe(
      'https://support.example.test/',
    );
    expect(within(page).getByRole('button', { name: 'Refresh' })).toBeDefined();
    expect(screen.queryByTestId('layout')).toBeNull();
  });

  it('falls back to the translated default message and the live-chat line', async () => {
    renderApp('/', { status: makeStatus({ status: 1, maintenanceMessage: null, customerServiceUrl: null }) });
    const page = await screen.findByTestId('maintenance-page');
    expect(page.textContent).toContain('The site is under maintenance.');
    expect(within(page).getByTestId('customer-service-link').getAttribute('href')).toBe(
      'https://chat.example.test/live',
    );
  });

  it('shows the region-blocked page with the visitor IP for status 2', async () => {
    renderApp('/', { status: makeStatus({ status: 2, ip: '198.51.100.23' }) });
    const page = await screen.findByTestId('region-blocked-page');
    expect(within(page).getByTestId('visitor-ip').textContent).toBe('198.51.100.23');
    expect(page.textContent).toContain('You are not allowed to access the site.');
    expect(within(page).getByTestId('customer-service-link')).toBeDefined();
  });

  it('says so when the API cannot be reached, and retries on request', async () => {
    renderApp('/', { status: 'network-error' });
    const error = await screen.findByTestId('start-error');
    expect(error.textContent).toContain('Network link abnormal');
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('start-error')).toBeDefined();
  });

  it('announces the loading state accessibly while the first requests run', () => {
    renderApp('/');
    const loading = screen.getByRole('status');
    expect(loading.getAttribute('aria-busy')).toBe('true');
  });
});
