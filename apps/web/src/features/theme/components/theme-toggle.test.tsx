import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { findLayout, renderApp, resetLanguage } from '../../../test/render-app.tsx';

describe('theme toggle', () => {
  beforeEach(async () => {
    await resetLanguage();
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  });

  it('switches to dark and back, keeping the choice in localStorage `theme`', async () => {
    renderApp('/');
    await findLayout();
    const toggle = screen.getByTestId('theme-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to dark theme');

    await userEvent.click(toggle);
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(screen.getByTestId('theme-toggle').getAttribute('aria-label')).toBe('Switch to light theme');

    await userEvent.click(screen.getByTestId('theme-toggle'));
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });

  it('starts from the stored theme', async () => {
    window.localStorage.setItem('theme', 'dark');
    renderApp('/');
    await findLayout();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(screen.getByTestId('theme-toggle').getAttribute('aria-label')).toBe('Switch to light theme');
  });
});
