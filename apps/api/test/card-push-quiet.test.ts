import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createCardVault } from '../src/features/cards/card-vault';
import { createCardPushChecks } from '../src/features/payouts/methods/debit-card/card-push-checks';
import { pushHolderOf } from '../src/features/payouts/methods/debit-card/push-holders';
import { createSandboxCardPayouts } from '../src/providers/sandbox-card-payouts';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The card push check on a quiet server. A process alone on its database (the embedded engine)
 * knows no debit redemption can be pending until it begins a push: after a look that finds none,
 * it asks the database nothing, up to a bound. On PostgreSQL other instances may leave pushes
 * behind, so every run looks.
 */
let server: TestServer;

beforeAll(async () => {
  // The server's own runs wait an hour: only the runs below ask.
  server = await startTestServer({ CARD_PUSH_CHECK_INTERVAL_SECONDS: '3600' });
});
afterAll(() => server.close());

it('a quiet process alone on its database asks it nothing until it begins a push, at most for 10 minutes', async () => {
  const { db } = server.database;
  let clock = Date.now();
  const check = createCardPushChecks({
    db,
    jobs: server.jobs,
    lookup: createSandboxCardPayouts({ db, scheduleReturn: () => Promise.resolve() }),
    vault: createCardVault(db, server.config.VAULT_KEY),
    logger: server.app.log,
    checkAfterSeconds: 120,
    notFoundAfterSeconds: 600,
    intervalSeconds: 30,
    now: () => new Date(clock),
  });
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const queries = vi.spyOn(client, 'query');
  /** Statements one run sends, `seconds` after the last. */
  const statementsOfRunAfter = async (seconds: number) => {
    clock += seconds * 1000;
    queries.mockClear();
    await check();
    return queries.mock.calls.length;
  };
  const alone = server.database.engine === 'pglite';
  /** What a quiet run sends: nothing alone; a look (or more, for others' pushes) otherwise. */
  const quietRun = alone ? 0 : expect.toBeOneOf([1, 2, 3, 4, 5]);

  expect(await statementsOfRunAfter(0)).toBeGreaterThan(0);
  expect(await statementsOfRunAfter(30)).toEqual(quietRun);
  expect(await statementsOfRunAfter(30)).toEqual(quietRun);

  // A push begun (and answered) since: the next run looks again, then is quiet again.
  await pushHolderOf(db).pushing('00000000-0000-4000-8000-000000000000', () => Promise.resolve());
  expect(await statementsOfRunAfter(30)).toBeGreaterThan(0);
  expect(await statementsOfRunAfter(30)).toEqual(quietRun);

  // A look made while a push is under way (its redemption may not be recorded yet) does not make
  // the process quiet: the run after the push looks again.
  let finish: () => void = () => undefined;
  const underWay = pushHolderOf(db).pushing(
    '00000000-0000-4000-8000-000000000001',
    () => new Promise<void>((resolve) => (finish = resolve)),
  );
  expect(await statementsOfRunAfter(30)).toBeGreaterThan(0);
  finish();
  await underWay;
  expect(await statementsOfRunAfter(30)).toBeGreaterThan(0);
  expect(await statementsOfRunAfter(30)).toEqual(quietRun);

  // However quiet, it looks again 10 minutes after its last look.
  expect(await statementsOfRunAfter(560)).toEqual(quietRun);
  expect(await statementsOfRunAfter(30)).toBeGreaterThan(0);
});
