import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { otpAttempts } from '../src/db/schema';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { addBankAccount } from './support/bank-fixtures';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import type { SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer();
  merchant = await newMerchant(server.database.db);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

const redeem = (who: SignedIn, body: Record<string, unknown>) =>
  call(server.app, 'POST', '/v1/redemptions', body, {
    token: who.accessToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

async function passcode(attemptId: string) {
  const [row] = await server.database.db
    .select({ consumedAt: otpAttempts.consumedAt, failedTries: otpAttempts.failedTries })
    .from(otpAttempts)
    .where(eq(otpAttempts.id, attemptId));
  return { used: row?.consumedAt != null, failedTries: row?.failedTries };
}

/** A funded customer with a payout method of each kind. */
async function customer(cents: number) {
  const person = await fundedCustomer(server.app, merchant, cents);
  return {
    person,
    card: await addCard(server.app, person.accessToken, sandboxCards.visaDebit),
    bank: await addBankAccount(server.app, person.accessToken),
  };
}

describe("another customer cannot use or burn someone's withdrawal passcode", () => {
  // Debit redemptions go through group commit first, then the step-by-step path; bank
  // redemptions only through the step-by-step path. Both must check the owner first.
  for (const mode of ['debit', 'bank'] as const) {
    it(`${mode}: the right code or a wrong one from someone else changes nothing; the owner's code still works`, async () => {
      const owner = await customer(2_000);
      const intruder = await customer(2_000);
      const otp = await mintWithdrawalCode(server.database.db, owner.person.phone);
      const intruderMethod = mode === 'debit' ? intruder.card : intruder.bank;
      const asIntruder = (code: string) =>
        redeem(intruder.person, {
          mode,
          payment_method_uuid: intruderMethod,
          amount_in_cents: 1_000,
          attempt_id: otp.attempt_id,
          code,
        });

      const withRightCode = await asIntruder(otp.code);
      expect(withRightCode.statusCode).toBe(400);
      expect(withRightCode.json()).toMatchObject({ code_description: 'INCORRECT_OTP' });
      const withWrongCode = await asIntruder('000000');
      expect(withWrongCode.statusCode).toBe(400);
      expect(withWrongCode.json()).toMatchObject({ code_description: 'INCORRECT_OTP' });

      // Untouched: not used, and no try counted against its owner.
      expect(await passcode(otp.attempt_id)).toEqual({ used: false, failedTries: 0 });
      expect((await balanceOf(server.app, intruder.person.accessToken)).available_in_cents).toBe(
        2_000,
      );

      const own = await redeem(owner.person, {
        mode,
        payment_method_uuid: mode === 'debit' ? owner.card : owner.bank,
        amount_in_cents: 1_500,
        ...otp,
      });
      expect(own.statusCode, own.body).toBe(201);
      expect((await balanceOf(server.app, owner.person.accessToken)).available_in_cents).toBe(500);
      expect(await passcode(otp.attempt_id)).toMatchObject({ used: true });
    });
  }
});
