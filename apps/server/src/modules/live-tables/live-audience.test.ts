import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIENCE_DEBOUNCE_MS,
  AUDIENCE_HEARTBEAT_MS,
  AUDIENCE_STALE_MS,
  LiveAudience,
} from './live-audience.ts';

/** Processes on one channel: every announcement reaches every process (its own echo included, as NOTIFY does). */
function channel(count: number) {
  const processes: LiveAudience[] = [];
  for (let index = 0; index < count; index++) {
    processes.push(
      new LiveAudience({
        announce: async (payload) => {
          for (const process of processes) process.heard(payload);
        },
      }),
    );
  }
  return processes;
}

describe('players at a live table across processes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sums every process’s followers once their announcements are heard', async () => {
    vi.useFakeTimers();
    const [a, b] = channel(2) as [LiveAudience, LiveAudience];
    a.add(1n, 'baccarat-1');
    a.add(1n, 'baccarat-1');
    b.add(1n, 'baccarat-1');
    b.add(2n, 'baccarat-1');
    // Same process: at once; the other's: after its debounced announcement.
    expect(a.count(1n, 'baccarat-1')).toBe(2);
    await vi.advanceTimersByTimeAsync(AUDIENCE_DEBOUNCE_MS);
    expect(a.count(1n, 'baccarat-1')).toBe(3);
    expect(b.count(1n, 'baccarat-1')).toBe(3);
    expect(b.count(2n, 'baccarat-1')).toBe(1);
    expect(a.count(1n, 'roulette-1')).toBe(0);
    b.remove(1n, 'baccarat-1');
    b.remove(2n, 'baccarat-1');
    await vi.advanceTimersByTimeAsync(AUDIENCE_DEBOUNCE_MS);
    expect(a.count(1n, 'baccarat-1')).toBe(2);
    a.stop();
    b.stop();
  });

  it('keeps a live process counted by its heartbeat and drops a dead one', async () => {
    vi.useFakeTimers();
    const [a, b] = channel(2) as [LiveAudience, LiveAudience];
    b.add(1n, 'sic-bo-1');
    await vi.advanceTimersByTimeAsync(AUDIENCE_DEBOUNCE_MS);
    // b stays alive past the stale bound: its heartbeats keep it counted.
    await vi.advanceTimersByTimeAsync(AUDIENCE_STALE_MS + AUDIENCE_HEARTBEAT_MS);
    expect(a.count(1n, 'sic-bo-1')).toBe(1);
    // b is killed (no goodbye): a stops counting it once it is stale.
    b.stop();
    await vi.advanceTimersByTimeAsync(AUDIENCE_STALE_MS + 1);
    expect(a.count(1n, 'sic-bo-1')).toBe(0);
    a.stop();
  });

  it('ignores table ids, its own echo and malformed counts', () => {
    const audience = new LiveAudience({ announce: async () => undefined });
    for (const payload of [
      '42',
      'aud:',
      'aud:x',
      'aud:p:{',
      'aud:p:[1]',
      'aud:p:{"1:a":-3,"1:b":1.5,"1:c":"2"}',
    ]) {
      audience.heard(payload);
    }
    expect(audience.count(1n, 'a') + audience.count(1n, 'b') + audience.count(1n, 'c')).toBe(0);
    audience.heard('aud:p:{"1:a":2}');
    expect(audience.count(1n, 'a')).toBe(2);
    audience.heard('aud:p:{}');
    expect(audience.count(1n, 'a')).toBe(0);
    audience.stop();
  });
});
