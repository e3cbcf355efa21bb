import { describe, expect, it } from 'vitest';
import { maskName, periodWindow } from './mission-periods.ts';

describe('mission periods', () => {
  it('daily is the UTC day, weekly the ISO week from Monday', () => {
    const at = new Date('2026-11-27T17:30:00Z'); // a Friday
    expect(periodWindow('daily', at)).toEqual({
      start: new Date('2026-11-27T00:00:00Z'),
      end: new Date('2026-11-28T00:00:00Z'),
    });
    expect(periodWindow('weekly', at)).toEqual({
      start: new Date('2026-11-23T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
    });
    expect(periodWindow('weekly', new Date('2026-11-29T23:59:59Z')).start).toEqual(
      new Date('2026-11-23T00:00:00Z'),
    );
    expect(periodWindow('weekly', new Date('2026-11-30T00:00:00Z')).start).toEqual(
      new Date('2026-11-30T00:00:00Z'),
    );
    expect(periodWindow('daily', at, 1).start).toEqual(new Date('2026-11-26T00:00:00Z'));
    expect(periodWindow('weekly', at, 1).start).toEqual(new Date('2026-11-16T00:00:00Z'));
  });

  it('masks names', () => {
    expect(maskName('demo_player')).toBe('de***r');
    expect(maskName('abc')).toBe('a***');
    expect(maskName('')).toBe('***');
  });
});
