import { describe, expect, it } from 'vitest';
import { intervalDrawNo, isKnownTimeZone, plannedDraws, zonedInstant } from './draw-calendar.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('draw calendar', () => {
  it('plans interval draws for the next 30 minutes, each opening at the previous draw', () => {
    const draws = plannedDraws(
      { kind: 'interval', everySeconds: 60, closeBeforeSeconds: 5 },
      at('2026-11-27T10:00:30Z'),
    );
    expect(draws).toHaveLength(30);
    expect(draws[0]).toEqual({
      drawNo: '20261127-0602',
      opensAt: at('2026-11-27T10:00:00Z'),
      closesAt: at('2026-11-27T10:00:55Z'),
      drawsAt: at('2026-11-27T10:01:00Z'),
    });
    expect(iso((draws[29] as { drawsAt: Date }).drawsAt)).toBe('2026-11-27T10:30:00.000Z');
    for (let index = 1; index < draws.length; index += 1) {
      expect(draws[index]?.opensAt).toEqual(draws[index - 1]?.drawsAt);
    }
  });

  it('numbers interval draws within their UTC day across midnight', () => {
    const draws = plannedDraws(
      { kind: 'interval', everySeconds: 300, closeBeforeSeconds: 15 },
      at('2026-11-27T23:50:00Z'),
    );
    expect(draws.map((draw) => draw.drawNo).slice(0, 4)).toEqual([
      '20261127-0288',
      '20261128-0001',
      '20261128-0002',
      '20261128-0003',
    ]);
    expect(iso((draws[1] as { drawsAt: Date }).drawsAt)).toBe('2026-11-28T00:00:00.000Z');
    // 7 s does not divide a day: the index counts the day's multiples, the first one being 1.
    expect(intervalDrawNo(Date.UTC(2026, 10, 28, 0, 0, 3), 7000)).toBe('20261128-0001');
  });

  it('cuts a close longer than the gap so the window is never empty', () => {
    const [draw] = plannedDraws(
      { kind: 'interval', everySeconds: 30, closeBeforeSeconds: 60 },
      at('2026-11-27T10:00:10Z'),
    );
    expect(draw?.opensAt.getTime()).toBeLessThan(draw?.closesAt.getTime() ?? 0);
    expect(draw?.closesAt.getTime()).toBeLessThanOrEqual(draw?.drawsAt.getTime() ?? 0);
  });

  it('plans daily draws for 7 days in the game zone on ISO weekdays', () => {
    // Friday 27 Nov 2026, 12:00 in Ho Chi Minh City (UTC+7): Mon and Sat draws at 16:15 local.
    const draws = plannedDraws(
      {
        kind: 'daily',
        timeZone: 'Asia/Ho_Chi_Minh',
        time: '16:15',
        weekdays: [1, 6],
        closeBeforeSeconds: 900,
      },
      at('2026-11-27T05:00:00Z'),
    );
    expect(draws.map((draw) => draw.drawNo)).toEqual(['20261128', '20261130']);
    expect(draws[0]).toEqual({
      drawNo: '20261128',
      // The previous draw: Monday 23 Nov.
      opensAt: at('2026-11-23T09:15:00Z'),
      closesAt: at('2026-11-28T09:00:00Z'),
      drawsAt: at('2026-11-28T09:15:00Z'),
    });
  });

  it('takes the local date, not the UTC one, for a daily draw near midnight', () => {
    // 23:30 UTC on the 27th is already the 28th in Ho Chi Minh City; 18:15 local on the 28th is next.
    const draws = plannedDraws(
      {
        kind: 'daily',
        timeZone: 'Asia/Ho_Chi_Minh',
        time: '18:15',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        closeBeforeSeconds: 900,
      },
      at('2026-11-27T23:30:00Z'),
    );
    expect(draws[0]?.drawNo).toBe('20261128');
    expect(iso((draws[0] as { drawsAt: Date }).drawsAt)).toBe('2026-11-28T11:15:00.000Z');
    expect(iso((draws[0] as { opensAt: Date }).opensAt)).toBe('2026-11-27T11:15:00.000Z');
    expect(draws).toHaveLength(7);
  });

  it('keeps the wall time across a DST change (Europe/London)', () => {
    const schedule = {
      kind: 'daily' as const,
      timeZone: 'Europe/London',
      time: '18:30',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      closeBeforeSeconds: 600,
    };
    // Clocks go back on Sunday 25 Oct 2026: 18:30 is 17:30 UTC before, 18:30 UTC after.
    const draws = plannedDraws(schedule, at('2026-10-23T12:00:00Z'));
    const byNo = new Map(draws.map((draw) => [draw.drawNo, iso(draw.drawsAt)]));
    expect(byNo.get('20261024')).toBe('2026-10-24T17:30:00.000Z');
    expect(byNo.get('20261025')).toBe('2026-10-25T18:30:00.000Z');
    expect(byNo.get('20261026')).toBe('2026-10-26T18:30:00.000Z');
    // Spring forward (29 Mar 2026): 01:30 does not exist; it lands after the gap, and 00:30 keeps its offset.
    expect(new Date(zonedInstant('Europe/London', 2026, 3, 29, 1, 30)).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(zonedInstant('Europe/London', 2026, 3, 29, 0, 30)).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    // Fall back (25 Oct 2026): 01:30 happens twice; the first (BST) is taken.
    expect(new Date(zonedInstant('Europe/London', 2026, 10, 25, 1, 30)).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('knows real zones only', () => {
    expect(isKnownTimeZone('Asia/Singapore')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});
