import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeProtectionState, serveApi } from '../../../test/protection-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { ResponsibleGamingTools } from './responsible-gaming-tools.tsx';

describe("the responsible-gaming page's tools (issue 17)", () => {
  beforeEach(async () => {
    await resetLanguage();
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it("links a member to their limits, a break and their activity, with the brand's help organisations", async () => {
    useSessionStore.setState({ token: 'token-1' });
    serveApi({ 'GET /wps/member/protection': makeProtectionState() });
    renderUi(<ResponsibleGamingTools />, { path: '/page/responsible-gaming' });
    expect(screen.getByTestId('rg-tools-limits').getAttribute('href')).toBe(
      '/member/securityCenter?tab=limits',
    );
    expect(screen.getByTestId('rg-tools-break').getAttribute('href')).toBe(
      '/member/securityCenter?tab=break',
    );
    expect(screen.getByTestId('rg-tools-activity').getAttribute('href')).toBe('/member/myActivity');
    const link = await screen.findByTestId('help-link');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('Help line (opens in a new tab)');
  });

  it('tells a visitor where the tools are, asking the server nothing', () => {
    const calls = serveApi({});
    renderUi(<ResponsibleGamingTools />, { path: '/page/responsible-gaming' });
    expect(screen.getByTestId('rg-tools').textContent).toContain('Once logged in, you can set play limits');
    expect(calls).toEqual([]);
  });
});
