import { describe, expect, it } from 'vitest';
import { connectionLost, retryingConnectionLoss } from './sql-state';

/** An error as node-postgres raises it from a server message, wrapped as the query builder does. */
const fromServer = (code: string, message = 'server error') =>
  new Error('Failed query: select 1', { cause: Object.assign(new Error(message), { code }) });

describe('connectionLost', () => {
  it('is true for a connection PostgreSQL ended, refused or that the network cut', () => {
    expect(
      connectionLost(fromServer('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(connectionLost(fromServer('57P03', 'the database system is starting up'))).toBe(true);
    expect(connectionLost(fromServer('08006'))).toBe(true);
    expect(
      connectionLost(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
    ).toBe(true);
    expect(connectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      connectionLost(
        new Error('Failed query: rollback', {
          cause: new Error('Client has encountered a connection error and is not queryable'),
        }),
      ),
    ).toBe(true);
  });

  it('is false for errors of the statement itself', () => {
    expect(connectionLost(fromServer('23505', 'duplicate key value'))).toBe(false);
    expect(connectionLost(fromServer('40P01', 'deadlock detected'))).toBe(false);
    expect(
      connectionLost(fromServer('57014', 'canceling statement due to statement timeout')),
    ).toBe(false);
    expect(connectionLost(new Error('no such redemption'))).toBe(false);
    expect(connectionLost('Connection terminated')).toBe(false);
    expect(connectionLost(null)).toBe(false);
  });
});

describe('retryingConnectionLoss', () => {
  it('runs the work again after a lost connection, up to the attempts given', async () => {
    let runs = 0;
    const answer = await retryingConnectionLoss(async () => {
      runs += 1;
      if (runs < 3) throw new Error('Connection terminated unexpectedly');
      return 'done';
    });
    expect({ answer, runs }).toEqual({ answer: 'done', runs: 3 });

    runs = 0;
    await expect(
      retryingConnectionLoss(async () => {
        runs += 1;
        throw new Error('Connection terminated unexpectedly');
      }, 2),
    ).rejects.toThrow('Connection terminated');
    expect(runs).toBe(2);
  });

  it('does not run again after any other failure', async () => {
    let runs = 0;
    await expect(
      retryingConnectionLoss(async () => {
        runs += 1;
        throw fromServer('23505');
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
  });
});
