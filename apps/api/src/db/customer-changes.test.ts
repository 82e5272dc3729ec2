import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CATALOG_CHANGED_CHANNEL,
  CUSTOMER_CHANGED_CHANNEL,
  MERCHANTS_CHANGED_CHANNEL,
  WALLET_CHANGED_CHANNEL,
  postgresCustomerChanges,
  type CustomerChange,
  type NotificationClient,
} from './customer-changes';

class FakeClient extends EventEmitter {
  queries: string[] = [];
  ended = false;
  constructor(private readonly failConnect: boolean) {
    super();
  }
  connect() {
    return this.failConnect ? Promise.reject(new Error('refused')) : Promise.resolve();
  }
  query(text: string) {
    this.queries.push(text);
    return Promise.resolve();
  }
  end() {
    this.ended = true;
    return Promise.resolve();
  }
  notify(payload: string, channel = CUSTOMER_CHANGED_CHANNEL) {
    this.emit('notification', { channel, payload });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function start(failures: boolean[] = []) {
  const clients: FakeClient[] = [];
  const lost: (Error | null)[] = [];
  const changes = await postgresCustomerChanges({
    connect: () => {
      const client = new FakeClient(failures[clients.length] ?? false);
      clients.push(client);
      return client as unknown as NotificationClient;
    },
    onLost: (error) => lost.push(error),
    retryMs: 100,
    maxRetryMs: 400,
  });
  const heard: CustomerChange[] = [];
  changes.subscribe((change) => heard.push(change));
  return { changes, clients, heard, lost };
}

describe('customer changes on PostgreSQL', () => {
  it('listens on its own connection and hands on each customer announced', async () => {
    const { changes, clients, heard } = await start();
    expect(changes.live()).toBe(true);
    expect(clients[0]?.queries).toEqual([
      `LISTEN ${CUSTOMER_CHANGED_CHANNEL}`,
      `LISTEN ${WALLET_CHANGED_CHANNEL}`,
      `LISTEN ${CATALOG_CHANGED_CHANNEL}`,
      `LISTEN ${MERCHANTS_CHANGED_CHANNEL}`,
    ]);
    clients[0]?.notify('user-1');
    clients[0]?.notify('ignored', 'another_channel');
    clients[0]?.notify('user-2', WALLET_CHANGED_CHANNEL);
    clients[0]?.notify('', CATALOG_CHANGED_CHANNEL);
    clients[0]?.notify('', MERCHANTS_CHANGED_CHANNEL);
    expect(heard).toEqual([
      { userId: 'user-1' },
      { userId: 'user-2', wallet: true },
      'catalog',
      'merchants',
    ]);
    await changes.close();
    expect(clients[0]?.ended).toBe(true);
  });

  it('when the connection is lost: everything is dropped, not live, and it listens again', async () => {
    const { changes, clients, heard, lost } = await start();
    clients[0]?.emit('error', new Error('terminated'));
    clients[0]?.emit('end');
    expect(changes.live()).toBe(false);
    expect(heard).toEqual(['all']);
    expect(lost).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(clients).toHaveLength(2);
    expect(changes.live()).toBe(true);
    // Whatever changed while nobody listened is unknown.
    expect(heard).toEqual(['all', 'all']);
    clients[1]?.notify('user-2');
    expect(heard.at(-1)).toEqual({ userId: 'user-2' });
    await changes.close();
  });

  it('starts without listening when it cannot, and tries again with a growing wait', async () => {
    const { changes, clients } = await start([true, true, true, false]);
    expect(changes.live()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(clients).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(clients).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(clients).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(400);
    expect(clients).toHaveLength(4);
    expect(changes.live()).toBe(true);
    await changes.close();
  });

  it('tries no more once closed', async () => {
    const { changes, clients } = await start();
    await changes.close();
    clients[0]?.emit('end');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(clients).toHaveLength(1);
  });
});
