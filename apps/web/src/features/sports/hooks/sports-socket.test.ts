import { describe, expect, it } from 'vitest';
import { pushedEventId } from './sports-socket.ts';

describe('sports pushes', () => {
  it('names the event a push is about, whatever summary it carries', () => {
    expect(pushedEventId(JSON.stringify({ type: 'sports', eventId: '42' }))).toBe('42');
    expect(pushedEventId(JSON.stringify({ type: 'sports.event', event: { id: '43' } }))).toBe('43');
    expect(pushedEventId(JSON.stringify({ type: 'sports.summary', summary: { id: '44' } }))).toBe('44');
  });

  it('ignores everything else', () => {
    expect(pushedEventId(JSON.stringify({ type: 'sports.subscribed', eventIds: ['42'] }))).toBeNull();
    expect(pushedEventId(JSON.stringify({ type: 'lottery', gameCode: 'x' }))).toBeNull();
    expect(pushedEventId(JSON.stringify({ type: 'sports' }))).toBeNull();
    expect(pushedEventId('not json')).toBeNull();
  });
});
