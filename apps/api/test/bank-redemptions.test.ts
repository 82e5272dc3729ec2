import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, users } from '../src/db/schema';
import { applyPayoutEvent } from '../src/features/payouts/payout-events';
import { sandboxAchAccounts } from '../src/providers/sandbox-ach-payouts';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { addBankAccount, exchange, linkThroughSandbox } from './support/bank-fixtures';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import { signUpNewPerson } from './support/people';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer({
    SANDBOX_ACH_SETTLEMENT_SECONDS: '1',
    OTP_SENDS_PER_PHONE_PER_HOUR: '100',
  });
  merchant = await newMerchant(server.database.db);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

async function redeemToBank(
  target: TestServer,
  person: { accessToken: string; phone: string },
  bankAccount: string,
  cents: number,
) {
  const otp = await mintWithdrawalCode(target.database.db, person.phone);
  return call(
    target.app,
    'POST',
    '/v1/redemptions',
    { mode: 'bank', payment_method_uuid: bankAccount, amount_in_cents: cents, ...otp },
    { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
}

const transaction = async (target: TestServer, token: string, id: string) =>
  (await call(target.app, 'GET', `/v1/transactions/${id}`, undefined, { token })).json();

const messagesTo = async (phone: string): Promise<string[]> =>
  (await call(server.app, 'GET', `/v1/sandbox/messages?to=${phone}`))
    .json()
    .data.map((m: { body: string }) => m.body);

/** Transfers that moved this payout's money, by kind: each must exist at most once. */
async function transferKinds(id: string) {
  const rows = await server.database.db
    .select({ key: ledgerTransfers.idempotencyKey, kind: ledgerTransfers.kind })
    .from(ledgerTransfers)
    .where(
      inArray(ledgerTransfers.idempotencyKey, [
        `payout:${id}`,
        `payout-settle:${id}`,
        `payout-giveback:${id}`,
      ]),
    );
  return rows.map((r) => r.kind).sort();
}

describe('redeeming to a bank account by ACH', () => {
  it('is pending until the sandbox settles it, then successful; no fee', async () => {
    const person = await fundedCustomer(server.app, merchant, 10_000);
    const account = await addBankAccount(server.app, person.accessToken, {
      account_number: sandboxAchAccounts.settles,
    });
    const response = await redeemToBank(server, person, account, 6_000);

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      mode: 'bank',
      status: 'Pending',
      amount_in_cents: 6_000,
      fee_in_cents: 0,
      net_amount_in_cents: 6_000,
      destination: {
        kind: 'bank_account',
        brand: null,
        bank_name: 'JPMorgan Chase Bank',
        last4: '6789',
      },
      failure_reason: null,
      returned: false,
      completed_at: null,
    });
    expect(response.body).not.toContain(sandboxAchAccounts.settles);
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 4_000,
    });

    const id = response.json().transaction_id as string;
    await expect
      .poll(async () => (await transaction(server, person.accessToken, id)).status, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe('Successful');
    const settled = await transaction(server, person.accessToken, id);
    expect(settled).toMatchObject({
      returned: false,
      network_reference: expect.stringMatching(/^SBXACH/),
      completed_at: expect.any(String),
    });
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 4_000,
    });
    expect(await transferKinds(id)).toEqual(['payout', 'payout_settled']);
    const listed = await call(server.app, 'GET', '/v1/transactions', undefined, {
      token: person.accessToken,
    });
    expect(listed.json().data).toEqual([settled]);
    expect(server.logLines.join('\n')).not.toContain(sandboxAchAccounts.settles);
  });

  it('pays a linked account too', async () => {
    const person = await fundedCustomer(server.app, merchant, 2_000);
    const { code, state } = await linkThroughSandbox(server.app, person.accessToken);
    const linked = (await exchange(server.app, person.accessToken, { code, state })).json();
    const response = await redeemToBank(server, person, linked.bank_account_uuid, 2_000);
    expect(response.json()).toMatchObject({
      status: 'Pending',
      destination: { kind: 'bank_account', bank_name: 'Sandbox National Bank', last4: '6789' },
    });
    await expect
      .poll(
        async () =>
          (await transaction(server, person.accessToken, response.json().transaction_id)).status,
        { timeout: 15_000, interval: 250 },
      )
      .toBe('Successful');
  });

  it.each([
    ['R01', 'insufficient funds', sandboxAchAccounts.insufficientFunds],
    ['R02', 'account closed', sandboxAchAccounts.accountClosed],
    ['R03', 'no account/unable to locate account', sandboxAchAccounts.noAccount],
  ])(
    '%s: settles, then the bank returns it; the full amount comes back once and an SMS says so',
    async (code, meaning, accountNumber) => {
      const person = await fundedCustomer(server.app, merchant, 7_500);
      const account = await addBankAccount(server.app, person.accessToken, {
        account_number: accountNumber,
      });
      const response = await redeemToBank(server, person, account, 7_500);
      const id = response.json().transaction_id as string;
      expect(response.json().status).toBe('Pending');
      expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(0);

      // It settles first, like a real credit, before the receiving bank sends it back.
      await expect
        .poll(async () => (await transaction(server, person.accessToken, id)).status, {
          timeout: 15_000,
          interval: 100,
        })
        .toBe('Successful');
      await expect
        .poll(async () => (await transaction(server, person.accessToken, id)).returned, {
          timeout: 15_000,
          interval: 250,
        })
        .toBe(true);
      expect(await transaction(server, person.accessToken, id)).toMatchObject({
        status: 'Failed',
        failure_reason: `The bank returned the payout (${code}: ${meaning}).`,
      });
      expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(7_500);
      await expect
        .poll(async () => (await messagesTo(person.phone)).filter((m) => m.includes('returned')), {
          timeout: 10_000,
        })
        .toEqual(['Your $75.00 redemption was returned. The full amount is back in your balance.']);

      // The same return delivered again (a repeated callback) gives nothing more.
      const again = await applyPayoutEvent(server.database.db, {
        eventId: `sandbox-ach-return:${id}`,
        redemptionId: id,
        type: 'returned',
        reason: 'again',
      });
      expect(again.notify).toBeNull();
      expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(7_500);
      expect(await transferKinds(id)).toEqual(['payout', 'payout_returned', 'payout_settled']);
    },
  );

  it("someone else's bank account answers 404 and moves nothing", async () => {
    const owner = await fundedCustomer(server.app, merchant, 1_000);
    const ownersAccount = await addBankAccount(server.app, owner.accessToken);
    const stranger = await fundedCustomer(server.app, merchant, 3_000);

    const response = await redeemToBank(server, stranger, ownersAccount, 1_000);
    expect(response.statusCode).toBe(404);
    expect(response.json().code_description).toBe('NOT_FOUND');
    expect((await balanceOf(server.app, stranger.accessToken)).available_in_cents).toBe(3_000);
    const list = await call(server.app, 'GET', '/v1/transactions', undefined, {
      token: stranger.accessToken,
    });
    expect(list.json().data).toEqual([]);
  });

  it('a removed account cannot be chosen; a card id is not a bank account', async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    const account = await addBankAccount(server.app, person.accessToken);
    await call(server.app, 'DELETE', `/v1/bank-accounts/${account}`, undefined, {
      token: person.accessToken,
    });
    expect((await redeemToBank(server, person, account, 600)).statusCode).toBe(404);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    expect((await redeemToBank(server, person, card, 600)).statusCode).toBe(404);
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(1_000);
  });

  it('refuses more than the balance and amounts outside the bank limits', async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    const account = await addBankAccount(server.app, person.accessToken);
    const tooMuch = await redeemToBank(server, person, account, 1_001);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe("You don't have enough balance in order to do redemption");
    const tooLittle = await redeemToBank(server, person, account, 499);
    expect(tooLittle.json().code_description).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(1_000);
  });

  it('the methods list answers the bank limits', async () => {
    const person = await signUpNewPerson(server.app);
    const response = await call(server.app, 'GET', '/v1/redemption-methods', undefined, {
      token: person.accessToken,
    });
    expect(response.json().data).toContainEqual({
      mode: 'bank',
      destination_kind: 'bank_account',
      spends_bonus: false,
      is_available: true,
      min_amount: 500,
      max_amount: 500_000,
      fee_rate: 0,
      is_whole_amount_value_required: false,
    });
  });
});

// Two connections are needed to make a deadlock; the embedded engine has one.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a redemption PostgreSQL breaks off', () => {
  it('is run again after a deadlock, and the customer gets the answer, not an error', async () => {
    const person = await fundedCustomer(server.app, merchant, 2_000);
    const account = await addBankAccount(server.app, person.accessToken);
    const otp = await mintWithdrawalCode(server.database.db, person.phone);
    const [user] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phoneNumber, person.phone));
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      // Another transaction holds the customer's balance row…
      await other.query('begin');
      await other.query(
        `select 1 from ledger_accounts
         where owner_type = 'customer' and owner_id = $1 and kind = 'available' for update`,
        [user?.id],
      );
      const redeeming = call(
        server.app,
        'POST',
        '/v1/redemptions',
        { mode: 'bank', payment_method_uuid: account, amount_in_cents: 2_000, ...otp },
        { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
      );
      // …the redemption, holding the passcode's row, waits for it (for this transaction: the
      // tests of other files share the database, and their waits are not this one)…
      const holder = (await other.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      await expect
        .poll(
          async () =>
            (
              await other.query(
                'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
                [holder],
              )
            ).rows[0].n,
          { interval: 20, timeout: 5_000 },
        )
        .toBeGreaterThan(0);
      // …and the other transaction now wants the passcode's row: a deadlock. PostgreSQL breaks
      // off the redemption's transaction (it has waited longest), which lets this one through.
      await other.query('update otp_attempts set failed_tries = failed_tries where id = $1', [
        otp.attempt_id,
      ]);
      await other.query('rollback');
      const response = await redeeming;
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ status: 'Pending', amount_in_cents: 2_000 });
      expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(0);
    } finally {
      await other.end();
    }
  });
});

describe('bank redemptions switched off', () => {
  let off: TestServer;
  beforeAll(async () => {
    // Same settlement as the main server: on PostgreSQL their workers share the job tables.
    off = await startTestServer({
      DISABLED_REDEMPTION_METHODS: 'bank',
      SANDBOX_ACH_SETTLEMENT_SECONDS: '1',
    });
  });
  afterAll(() => off.close());

  it("answers 409 with the SPEC's message, moves nothing, and says so in the methods list", async () => {
    const offMerchant = await newMerchant(off.database.db);
    const person = await fundedCustomer(off.app, offMerchant, 2_000);
    const account = await addBankAccount(off.app, person.accessToken);
    const response = await redeemToBank(off, person, account, 1_000);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code_description: 'METHOD_UNAVAILABLE',
      message: 'This redemption method is unavailable at this moment.',
    });
    expect((await balanceOf(off.app, person.accessToken)).available_in_cents).toBe(2_000);
    const methods = await call(off.app, 'GET', '/v1/redemption-methods', undefined, {
      token: person.accessToken,
    });
    expect(methods.json().data.find((m: { mode: string }) => m.mode === 'bank')).toMatchObject({
      is_available: false,
      min_amount: 500,
    });
    await expectLedgerBalanced(off.database.db);
  });
});
