import type { FastifyInstance } from 'fastify';
import type { SignedIn } from './people';
import { balanceOf } from './refund-fixtures';
import { call } from './test-server';

export interface LoadCustomer {
  person: SignedIn;
  card: string;
  bank: string;
}

/** Runs `work` over the items with at most `concurrency` at a time; answers in item order. */
export async function runWithConcurrency<I, O>(
  items: readonly I[],
  concurrency: number,
  work: (item: I) => Promise<O>,
): Promise<O[]> {
  const results = new Array<O>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await work(items[i] as I);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

async function allPages<T>(app: FastifyInstance, token: string, path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page = (
      await call(app, 'GET', `${path}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, undefined, {
        token,
      })
    ).json() as { data: T[]; next_cursor: string | null };
    items.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

/**
 * Whether the customer's balance equals what their history implies: refunds claimed, less
 * redemptions pending or successful (failed and returned ones gave the money back).
 */
export async function balanceMatchesHistory(
  app: FastifyInstance,
  token: string,
): Promise<{ matches: true } | { matches: false; balance: number; history: number }> {
  const balance = (await balanceOf(app, token)).total_in_cents;
  const refunds = await allPages<{ amount_in_cents: number }>(app, token, '/v1/refunds');
  const payouts = await allPages<{ status: string; amount_in_cents: number }>(
    app,
    token,
    '/v1/transactions',
  );
  const history =
    refunds.reduce((sum, r) => sum + r.amount_in_cents, 0) -
    payouts
      .filter((p) => p.status === 'Pending' || p.status === 'Successful')
      .reduce((sum, p) => sum + p.amount_in_cents, 0);
  return balance === history ? { matches: true } : { matches: false, balance, history };
}
