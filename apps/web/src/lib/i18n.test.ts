import { describe, expect, it } from 'vitest';
import {
  i18n,
  initI18n,
  loadAllNamespaces,
  loadNamespaces,
  MEMBER_NAMESPACES,
  NAMESPACES,
  START_NAMESPACES,
} from './i18n.ts';

describe('namespace loading', () => {
  it('keeps member-only texts out of what every page waits for, and loads them on request', async () => {
    await initI18n('hi');
    await loadAllNamespaces();
    for (const name of NAMESPACES) {
      const memberOnly = (MEMBER_NAMESPACES as readonly string[]).includes(name);
      expect(i18n.hasLoadedNamespace(name), name).toBe(!memberOnly);
    }
    await loadNamespaces(['messages', 'agents']);
    expect(i18n.hasLoadedNamespace('messages')).toBe(true);
    expect(i18n.hasLoadedNamespace('agents')).toBe(true);
    expect(i18n.hasLoadedNamespace('rewards')).toBe(false);
    expect(i18n.t('header.strip.messages', { ns: 'chrome' })).toBe('संदेश');
  });

  it('never lists a member-only namespace among the first screen’s', () => {
    const start = new Set<string>(START_NAMESPACES);
    expect(MEMBER_NAMESPACES.filter((name) => start.has(name))).toEqual([]);
  });
});
