import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { mapError } from '../plugins/error-handler.ts';
import { isConnectionLoss } from './connection-loss.ts';

/** What `pg` throws, in shape: DatabaseError carries the SQLSTATE in `code`; socket ends carry only a message. */
const pgError = (code: string, message = 'x') =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isConnectionLoss', () => {
  it('recognises a terminated backend, connection exceptions and a server not accepting connections', () => {
    for (const code of ['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08P01']) {
      expect(isConnectionLoss(pgError(code)), code).toBe(true);
    }
  });

  it('recognises pg socket errors without a code and refused or reset sockets', () => {
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated'))).toBe(true);
    expect(
      isConnectionLoss(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isConnectionLoss(new Error('wrapped', { cause: pgError('57P01') }))).toBe(true);
  });

  it('leaves query errors, bugs and non-errors alone', () => {
    for (const code of ['23505', '40001', '42P01', '22003', '57014']) {
      expect(isConnectionLoss(pgError(code)), code).toBe(false);
    }
    expect(isConnectionLoss(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isConnectionLoss(new Error('something about a Connection terminated later'))).toBe(false);
    expect(isConnectionLoss(null)).toBe(false);
    expect(isConnectionLoss('Connection terminated')).toBe(false);
  });

  it('makes the error handler answer 503 service_unavailable instead of 500', () => {
    expect(mapError(pgError('57P01', 'terminating connection due to administrator command'))).toMatchObject({
      code: 'service_unavailable',
      status: 503,
    });
    expect(mapError(new Error('Connection terminated unexpectedly')).status).toBe(503);
    expect(mapError(pgError('23505')).status).toBe(500);
    // A deliberate AppError keeps its own code even when its cause is a lost connection.
    expect(mapError(new AppError('conflict', { cause: pgError('57P01') })).code).toBe('conflict');
  });
});
