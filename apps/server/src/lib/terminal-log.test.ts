import { describe, expect, it } from 'vitest';
import { databaseLabel, formatLogLine, readyMessage, terminalLogStream } from './terminal-log.ts';

describe('terminal logs', () => {
  it('turns a pino record into one readable line', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 26, 15, 4, 5),
      pid: 1,
      hostname: 'h',
      reqId: 'abc',
      req: { method: 'GET', url: '/wps/system/status' },
      res: { statusCode: 200 },
      responseTime: 3.2,
      msg: 'request completed',
    });
    expect(formatLogLine(line)).toBe(
      '15:04:05  INFO   request completed  GET /wps/system/status  200  3ms  reqId=abc',
    );
  });

  it('keeps a line that is not JSON and shows an error with its stack', () => {
    expect(formatLogLine('plain text')).toBe('plain text');
    const line = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'boom',
      err: { type: 'Error', message: 'x', stack: 'Error: x\n    at y' },
    });
    expect(formatLogLine(line)).toContain('ERROR  boom  \n  Error: x\n    at y');
  });

  it('formats whole lines only, across chunk boundaries', async () => {
    const written: string[] = [];
    const stream = terminalLogStream({
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WritableStream);
    const record = JSON.stringify({ level: 40, time: 0, msg: 'slow', ms: 900 });
    stream.write(record.slice(0, 10));
    stream.write(`${record.slice(10)}\n`);
    await new Promise((resolve) => stream.end(resolve));
    expect(written).toEqual(['00:00:00  WARN   slow  ms=900\n']);
  });

  it('says where the data is and where the demo log-ins are', () => {
    expect(databaseLabel(null, '/srv/lotus/data')).toBe('embedded PostgreSQL (PGlite) in /srv/lotus/data');
    expect(databaseLabel('postgresql://app:secret@db.internal:6543/lotus', '/x')).toBe(
      'PostgreSQL at db.internal:6543/lotus',
    );
    const message = readyMessage({ host: '0.0.0.0', port: 8080, database: 'PGlite', demo: true });
    expect(message).toContain('Lotus is ready at http://localhost:8080');
    expect(message).toContain('Demo accounts');
    expect(readyMessage({ host: 'lotus.example', port: 80, database: 'PG', demo: false })).not.toContain(
      'demo',
    );
  });
});
