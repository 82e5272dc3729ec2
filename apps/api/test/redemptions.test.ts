import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refundReturns, vaultCards } from '../src/db/schema';
import { applyPayoutEvent } from '../src/features/payouts/payout-events';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import {
  addCard,
  fundedCustomer,
  giveAddress,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import { readCode, signUpNewPerson } from './support/people';
import {
  balanceOf,
  createRefund,
  expectLedgerBalanced,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer({
    SANDBOX_CARD_RETURN_DELAY_SECONDS: '1',
    OTP_SENDS_PER_PHONE_PER_HOUR: '100',
  });
  merchant = await newMerchant(server.database.db);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

const redeem = (token: string, body: Record<string, unknown>, key: string = crypto.randomUUID()) =>
  call(server.app, 'POST', '/v1/redemptions', body, { token, headers: { 'idempotency-key': key } });

/** A redemption to a debit card, as the app sends it. */
const debit = (card: string, amount: number, otp: { attempt_id: string; code: string }) => ({
  mode: 'debit',
  payment_method_uuid: card,
  amount_in_cents: amount,
  ...otp,
});

async function withdrawalCode(token: string, phone: string, seen: string[] = []) {
  const started = await call(server.app, 'POST', '/v1/redemptions/otp', undefined, { token });
  expect(started.statusCode).toBe(200);
  return {
    attempt_id: started.json().attempt_id as string,
    code: await readCode(server.app, phone, seen),
  };
}

describe('billing address', () => {
  it('a card needs a billing address; setting one makes it the primary address', async () => {
    const person = await signUpNewPerson(server.app);
    const card = {
      card_number: sandboxCards.visaDebit,
      expiry: '12/30',
      cvv: '123',
      name_on_card: 'Pat',
    };
    const refused = await call(server.app, 'POST', '/v1/cards', card, {
      token: person.accessToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Add your billing address before adding a card.');
    const set = await call(
      server.app,
      'PUT',
      '/v1/users/profile/address',
      { line_1: '1 Main St', line_2: 'Unit 2', city: 'Austin', state: 'tx', zipcode: '78701' },
      { token: person.accessToken },
    );
    expect(set.json().address).toEqual([
      {
        id: expect.any(String),
        line_1: '1 Main St',
        line_2: 'Unit 2',
        city: 'Austin',
        state: 'TX',
        zipcode: '78701',
        is_primary: true,
      },
    ]);
    expect(
      (await call(server.app, 'POST', '/v1/cards', card, { token: person.accessToken })).statusCode,
    ).toBe(201);
  });

  it.each([
    ['a four-digit zip', { zipcode: '7870' }, 'Zip must be exactly 5 digits'],
    ['a state name', { state: 'Texas' }, 'State must be a two-letter code'],
    ['a code that is no US state or territory', { state: 'XX' }, 'Choose a US state or territory'],
    ['no first line', { line_1: ' ' }, 'Address line 1 is required'],
    ['an unknown field', { country: 'US' }, 'country'],
  ])('refuses %s with a 400 and keeps no address', async (_case, override, message) => {
    const person = await signUpNewPerson(server.app);
    const response = await call(
      server.app,
      'PUT',
      '/v1/users/profile/address',
      { line_1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701', ...override },
      { token: person.accessToken },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    const profile = await call(server.app, 'GET', '/v1/users/profile', undefined, {
      token: person.accessToken,
    });
    expect(profile.json().address).toEqual([]);
  });
});

describe('debit cards', () => {
  it('adds a Visa debit card; only the token, brand, funding and last four are kept', async () => {
    const person = await fundedCustomer(server.app, merchant, 1000);
    const response = await call(
      server.app,
      'POST',
      '/v1/cards',
      {
        card_number: '4000 0566 5566 5556',
        expiry: '12/2030',
        cvv: '123',
        name_on_card: 'Pat Doe',
      },
      { token: person.accessToken },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      brand: 'visa',
      funding: 'debit',
      last4: '5556',
      expiry_month: 12,
      expiry_year: 2030,
    });
    expect(response.body).not.toContain('4000056655665556');
    const stored = await server.database.db.select().from(vaultCards);
    expect(stored.every((row) => !row.sealedNumber.includes('4000056655665556'))).toBe(true);
    const listed = await call(server.app, 'GET', '/v1/cards', undefined, {
      token: person.accessToken,
    });
    expect(listed.json().data).toHaveLength(1);
    expect(server.logLines.join('\n')).not.toContain('4000056655665556');
  });

  it.each([
    ['a Visa credit card', sandboxCards.visaCredit, 422],
    ['a Mastercard credit card', sandboxCards.mastercardCredit, 422],
    ['an American Express card', '378282246310005', 400],
  ])('refuses %s with the SPEC rule', async (_case, number, status) => {
    const person = await fundedCustomer(server.app, merchant, 100);
    const response = await call(
      server.app,
      'POST',
      '/v1/cards',
      { card_number: number, expiry: '12/30', cvv: '123', name_on_card: 'Pat' },
      { token: person.accessToken },
    );
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toContain('Only Visa and Mastercard debit cards are supported');
    expect(
      (await call(server.app, 'GET', '/v1/cards', undefined, { token: person.accessToken })).json()
        .data,
    ).toEqual([]);
  });

  it.each([
    [
      'a number failing the Luhn check',
      { card_number: '4000056655665557' },
      'Enter a valid card number',
    ],
    ['an expired card', { expiry: '01/20' }, 'This card has expired'],
    ['a month 13', { expiry: '13/30' }, 'MM/YY'],
    ['a two-digit CVV', { cvv: '12' }, 'CVV must be 3 or 4 digits'],
  ])('refuses %s', async (_case, override, message) => {
    const person = await fundedCustomer(server.app, merchant, 100);
    const response = await call(
      server.app,
      'POST',
      '/v1/cards',
      {
        card_number: sandboxCards.visaDebit,
        expiry: '12/30',
        cvv: '123',
        name_on_card: 'Pat',
        ...override,
      },
      { token: person.accessToken },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('redeeming to a debit card', () => {
  it('pays out instantly: amount leaves the balance, the fee is shown, the transaction is successful', async () => {
    const person = await fundedCustomer(server.app, merchant, 10_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const signUpCode = await readCode(server.app, person.phone);
    const otp = await withdrawalCode(person.accessToken, person.phone, [signUpCode]);
    const response = await redeem(person.accessToken, debit(card, 5_000, otp));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      mode: 'debit',
      status: 'Successful',
      amount_in_cents: 5_000,
      fee_in_cents: 75,
      net_amount_in_cents: 4_925,
      destination: { kind: 'card', brand: 'visa', last4: '5556' },
      network_reference: expect.stringMatching(/^SBX/),
    });
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 5_000,
    });
    const id = response.json().transaction_id;
    const detail = await call(server.app, 'GET', `/v1/transactions/${id}`, undefined, {
      token: person.accessToken,
    });
    expect(detail.json()).toEqual(response.json());
    const stranger = await fundedCustomer(server.app, merchant, 100);
    expect(
      (
        await call(server.app, 'GET', `/v1/transactions/${id}`, undefined, {
          token: stranger.accessToken,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a declined card leaves the balance unchanged, says why, and tells the customer', async () => {
    const person = await fundedCustomer(server.app, merchant, 3_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.declined);
    const otp = await mintWithdrawalCode(server.database.db, person.phone);
    const response = await redeem(person.accessToken, debit(card, 2_000, otp));
    expect(response.json()).toMatchObject({
      status: 'Failed',
      failure_reason: 'The card issuer declined the payout.',
    });
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 3_000,
    });
    await expect
      .poll(
        async () =>
          (await call(server.app, 'GET', `/v1/sandbox/messages?to=${person.phone}`)).json().data[0]
            ?.body,
        { timeout: 10_000 },
      )
      .toContain('did not go through');
  });

  it('a payout returned later puts the full amount back and shows as returned', async () => {
    const person = await fundedCustomer(server.app, merchant, 4_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.returnedLater);
    const otp = await mintWithdrawalCode(server.database.db, person.phone);
    const response = await redeem(person.accessToken, debit(card, 4_000, otp));
    expect(response.json().status).toBe('Successful');
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(0);
    await expect
      .poll(async () => (await balanceOf(server.app, person.accessToken)).available_in_cents, {
        timeout: 20_000,
        interval: 500,
      })
      .toBe(4_000);
    const detail = await call(
      server.app,
      'GET',
      `/v1/transactions/${response.json().transaction_id}`,
      undefined,
      { token: person.accessToken },
    );
    expect(detail.json()).toMatchObject({ status: 'Failed', returned: true });
  });

  it("more than the balance is refused with the SPEC's message, and the code still works", async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const otp = await mintWithdrawalCode(server.database.db, person.phone);
    const tooMuch = await redeem(person.accessToken, debit(card, 1_001, otp));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe("You don't have enough balance in order to do redemption");
    const fits = await redeem(person.accessToken, debit(card, 1_000, otp));
    expect(fits.statusCode).toBe(201);
  });

  it("a wrong passcode is refused with 'Incorrect one time passcode' and moves nothing", async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const otp = await mintWithdrawalCode(server.database.db, person.phone, '111111');
    const response = await redeem(person.accessToken, {
      mode: 'debit',
      payment_method_uuid: card,
      amount_in_cents: 500,
      attempt_id: otp.attempt_id,
      code: '222222',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Incorrect one time passcode');
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(1_000);
  });

  it('the same Idempotency-Key answers the first result; another body with it is refused', async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const otp = await mintWithdrawalCode(server.database.db, person.phone);
    const key = crypto.randomUUID();
    const body = { mode: 'debit', payment_method_uuid: card, amount_in_cents: 1_500, ...otp };
    const first = await redeem(person.accessToken, body, key);
    const again = await redeem(person.accessToken, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(3_500);
    const other = await redeem(person.accessToken, { ...body, amount_in_cents: 1_000 }, key);
    expect(other.statusCode).toBe(422);
  });

  it('parallel retries with one key make one payout', async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const otp = await mintWithdrawalCode(server.database.db, person.phone);
    const key = crypto.randomUUID();
    const body = { mode: 'debit', payment_method_uuid: card, amount_in_cents: 1_000, ...otp };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => redeem(person.accessToken, body, key)),
    );
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(new Set(responses.map((r) => r.json().transaction_id)).size).toBe(1);
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(4_000);
  });

  it('50 concurrent redemptions never overdraw and succeed exactly as often as the balance allows', async () => {
    const person = await fundedCustomer(server.app, merchant, 10_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const codes = await Promise.all(
      Array.from({ length: 50 }, () => mintWithdrawalCode(server.database.db, person.phone)),
    );
    const responses = await Promise.all(
      codes.map((otp) => redeem(person.accessToken, debit(card, 1_000, otp))),
    );
    const ok = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 400);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.json().code_description === 'NOT_ENOUGH_BALANCE')).toBe(true);
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 0,
    });
    const list = await call(server.app, 'GET', '/v1/transactions?limit=100', undefined, {
      token: person.accessToken,
    });
    expect(list.json().data).toHaveLength(10);
  });

  it('a burst from several customers at once: each redemption gets its own right answer', async () => {
    const ann = await fundedCustomer(server.app, merchant, 1_000);
    const annCard = await addCard(server.app, ann.accessToken, sandboxCards.visaDebit);
    const ben = await fundedCustomer(server.app, merchant, 500);
    const benCard = await addCard(server.app, ben.accessToken, sandboxCards.mastercardDebit);
    const benOldCard = await addCard(server.app, ben.accessToken, sandboxCards.visaDebit);
    await call(server.app, 'DELETE', `/v1/cards/${benOldCard}`, undefined, {
      token: ben.accessToken,
    });
    const cy = await fundedCustomer(server.app, merchant, 2_000);
    const cyCard = await addCard(server.app, cy.accessToken, sandboxCards.visaDebit);
    const code = (phone: string, digits?: string) =>
      mintWithdrawalCode(server.database.db, phone, digits);
    const cyKey = crypto.randomUUID();
    const cyBody = debit(cyCard, 700, await code(cy.phone));
    const requests = [
      ...(await Promise.all([1, 2, 3, 4].map(() => code(ann.phone)))).map(
        (otp) => () => redeem(ann.accessToken, debit(annCard, 300, otp)),
      ),
      async () => {
        const otp = await code(ann.phone, '111111');
        return redeem(ann.accessToken, debit(annCard, 100, { ...otp, code: '222222' }));
      },
      async () => redeem(ben.accessToken, debit(benOldCard, 100, await code(ben.phone))),
      async () => redeem(ben.accessToken, debit(benCard, 500, await code(ben.phone))),
      () => redeem(cy.accessToken, cyBody, cyKey),
      () => redeem(cy.accessToken, cyBody, cyKey),
      () => redeem(cy.accessToken, cyBody, cyKey),
    ];
    const [a1, a2, a3, a4, annWrong, benRemoved, benOk, ...cyRetries] = await Promise.all(
      requests.map((send) => send()),
    );
    const annFour = [a1, a2, a3, a4].map((r) => r?.json().code_description ?? r?.statusCode);
    expect(annFour.filter((s) => s === 201)).toHaveLength(3);
    expect(annFour.filter((s) => s === 'NOT_ENOUGH_BALANCE')).toHaveLength(1);
    expect(annWrong?.json().message).toBe('Incorrect one time passcode');
    expect(benRemoved?.statusCode).toBe(404);
    expect(benOk?.statusCode).toBe(201);
    expect(benOk?.json()).toMatchObject({ status: 'Successful', amount_in_cents: 500 });
    expect(new Set(cyRetries.map((r) => r.json().transaction_id)).size).toBe(1);
    expect(cyRetries.filter((r) => r.statusCode === 201)).toHaveLength(1);

    expect((await balanceOf(server.app, ann.accessToken)).available_in_cents).toBe(100);
    expect((await balanceOf(server.app, ben.accessToken)).available_in_cents).toBe(0);
    expect((await balanceOf(server.app, cy.accessToken)).available_in_cents).toBe(1_300);
  });

  it('redemptions recorded together use one shard of payouts in transit, each batch its own, and settle from it', async () => {
    const people = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const person = await fundedCustomer(server.app, merchant, 1_000);
        const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
        return { person, card, otp: await mintWithdrawalCode(server.database.db, person.phone) };
      }),
    );
    // Two bursts, one after the other: at least two recording batches, and some of several.
    const burst = (some: typeof people) =>
      Promise.all(
        some.map(({ person, card, otp }) => redeem(person.accessToken, debit(card, 500, otp))),
      );
    const responses = [...(await burst(people.slice(0, 6))), ...(await burst(people.slice(6)))];
    expect(responses.map((r) => r.json().status)).toEqual(people.map(() => 'Successful'));
    const ids = responses.map((r) => sql`${r.json().transaction_id as string}::uuid`);
    const result = await server.database.db.execute(
      sql`select r.created_at::text as recorded, paid.kind as paid_to, taken.kind as settled_from
       from redemptions r
       join ledger_transfers pt on pt.idempotency_key = 'payout:' || r.id
       join ledger_entries pe on pe.transfer_id = pt.id
       join ledger_accounts paid on paid.id = pe.account_id
         and paid.kind like 'payouts_in_transit:%'
       join ledger_transfers st on st.idempotency_key = 'payout-settle:' || r.id
       join ledger_entries se on se.transfer_id = st.id and se.amount_cents < 0
       join ledger_accounts taken on taken.id = se.account_id
       where r.id in (${sql.join(ids, sql`, `)})
       order by r.created_at`,
    );
    const payouts = (
      result as unknown as { rows: { recorded: string; paid_to: string; settled_from: string }[] }
    ).rows;
    expect(payouts).toHaveLength(people.length);
    // Settled from the shard each payout was put in.
    for (const p of payouts) expect(p.settled_from).toBe(p.paid_to);
    // A recording batch is one statement, with one time: one shard per batch, a new one each.
    const byBatch = new Map<string, Set<string>>();
    for (const p of payouts)
      byBatch.set(p.recorded, (byBatch.get(p.recorded) ?? new Set()).add(p.paid_to));
    expect([...byBatch.values()].map((shards) => shards.size)).toEqual(
      [...byBatch.keys()].map(() => 1),
    );
    const sizes = [...byBatch.keys()].map((t) => payouts.filter((p) => p.recorded === t).length);
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    const shards = [...byBatch.values()].map((set) => [...set][0]);
    expect(byBatch.size).toBeGreaterThan(1);
    shards.slice(1).forEach((shard, k) => expect(shard).not.toBe(shards[k]));
  });

  it("money whose fraud hold ran out is available, and redeemable, before the hold's job runs", async () => {
    const person = await signUpNewPerson(server.app);
    await giveAddress(server.app, person.accessToken);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ phone_number: person.phone, email: person.email }), {
        returns: [
          {
            amount_in_cents: 2_000,
            description: 'Boots',
            state: 'awaiting_fraud_check',
            fraud_hold_amount_in_cents: 1_500,
            fraud_hold_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          },
        ],
      }),
    );
    const claimed = await call(
      server.app,
      'POST',
      '/v1/customers/claim-refund',
      { refund_uuid: refund.refund_uuid },
      { token: person.accessToken },
    );
    expect(claimed.statusCode).toBe(200);
    expect(await balanceOf(server.app, person.accessToken)).toEqual({
      available_in_cents: 500,
      pending_in_cents: 1_500,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 2_000,
    });
    // The deadline passes; the release job is due only tomorrow.
    await server.database.db
      .update(refundReturns)
      .set({ holdExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(refundReturns.refundId, refund.refund_uuid));
    expect(await balanceOf(server.app, person.accessToken)).toEqual({
      available_in_cents: 2_000,
      pending_in_cents: 0,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 2_000,
    });

    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const otp = await mintWithdrawalCode(server.database.db, person.phone);
    const redeemed = await redeem(person.accessToken, debit(card, 2_000, otp));
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    expect(redeemed.json()).toMatchObject({ status: 'Successful', amount_in_cents: 2_000 });
    expect(await balanceOf(server.app, person.accessToken)).toEqual({
      available_in_cents: 0,
      pending_in_cents: 0,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 0,
    });
    const history = await call(server.app, 'GET', '/v1/refunds', undefined, {
      token: person.accessToken,
    });
    expect(history.json().data[0].returns[0]).toMatchObject({
      state: 'available',
      hold_amount_in_cents: 0,
    });
  });

  it('refuses amounts outside the method limits and methods switched off', async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const otp = await mintWithdrawalCode(server.database.db, person.phone);
    const tiny = await redeem(person.accessToken, debit(card, 50, otp));
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().code_description).toBe('AMOUNT_OUT_OF_RANGE');
    const off = await startTestServer({ DISABLED_REDEMPTION_METHODS: 'debit' });
    try {
      const someone = await signUpNewPerson(off.app);
      const response = await call(
        off.app,
        'POST',
        '/v1/redemptions',
        { mode: 'debit', payment_method_uuid: crypto.randomUUID(), amount_in_cents: 500, ...otp },
        { token: someone.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This redemption method is unavailable at this moment.');
    } finally {
      await off.close();
    }
  });
});

describe('provider callbacks', () => {
  async function pendingPayout() {
    const person = await fundedCustomer(server.app, merchant, 2_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const otp = await mintWithdrawalCode(server.database.db, person.phone);
    const response = await redeem(person.accessToken, debit(card, 2_000, otp));
    return { person, id: response.json().transaction_id as string };
  }

  it('a repeated callback changes nothing', async () => {
    const { person, id } = await pendingPayout();
    for (let i = 0; i < 3; i += 1) {
      await applyPayoutEvent(server.database.db, {
        eventId: `evt-return-${id}`,
        redemptionId: id,
        type: 'returned',
      });
    }
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(2_000);
  });

  it('out of order: a success after a return does not take the money again', async () => {
    const { person, id } = await pendingPayout();
    await applyPayoutEvent(server.database.db, {
      eventId: `a-${id}`,
      redemptionId: id,
      type: 'returned',
    });
    await applyPayoutEvent(server.database.db, {
      eventId: `b-${id}`,
      redemptionId: id,
      type: 'succeeded',
    });
    await applyPayoutEvent(server.database.db, {
      eventId: `c-${id}`,
      redemptionId: id,
      type: 'returned',
    });
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(2_000);
    const detail = await call(server.app, 'GET', `/v1/transactions/${id}`, undefined, {
      token: person.accessToken,
    });
    expect(detail.json()).toMatchObject({ status: 'Failed', returned: true });
  });
});
