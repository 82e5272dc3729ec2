import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readCode, signUpNewPerson, uniqueEmail } from './support/people';
import {
  accountHolder,
  claimRefund,
  balanceOf,
  createRefund,
  expectLedgerBalanced,
  newMerchant,
  refundBody,
  refundCustomer,
  verifyForClaim,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer();
  merchant = await newMerchant(server.database.db);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

const chooseOriginal = (id: string, token: string | null = null) =>
  call(server.app, 'POST', `/v1/customers/claim-refund/${id}/original-method`, undefined, {
    token,
  });
const claim = (id: string, token: string) => claimRefund(server.app, id, token);

describe('sending a refund back to the original payment method needs the proof a claim needs', () => {
  it('the link alone cannot: signed out is 401 and the owner can still claim', async () => {
    const person = await accountHolder(server.app);
    const refund = await createRefund(server.app, merchant, refundBody(person.customer));
    const anonymous = await chooseOriginal(refund.refund_uuid);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code_description).toBe('UNAUTHORIZED');
    expect((await claim(refund.refund_uuid, person.accessToken)).statusCode).toBe(200);
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({ total_in_cents: 4599 });
  });

  it('a signed-in stranger, or an account that only typed the refund’s email, is refused and changes nothing', async () => {
    const person = await accountHolder(server.app);
    const stranger = await signUpNewPerson(server.app);
    const typedIt = await signUpNewPerson(server.app, { email: person.email });
    const refund = await createRefund(server.app, merchant, refundBody(person.customer));
    for (const token of [stranger.accessToken, typedIt.accessToken]) {
      const refused = await chooseOriginal(refund.refund_uuid, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code_description).toBe('CLAIM_NOT_ALLOWED');
    }
    const merchantView = await call(
      server.app,
      'GET',
      `/v1/merchant/refunds/${refund.refund_uuid}`,
      undefined,
      { token: merchant.apiKey },
    );
    expect(merchantView.json().status).toBe('pending');
    expect((await claim(refund.refund_uuid, person.accessToken)).statusCode).toBe(200);
  });

  it('the owner signed in by the claim code chooses it: once, repeatable, and the link is spent', async () => {
    const person = await accountHolder(server.app);
    const refund = await createRefund(server.app, merchant, refundBody(person.customer));
    const { accessToken } = await verifyForClaim(
      server.app,
      refund.refund_uuid,
      'mobile',
      person.phone,
      'REFUND_CLAIM',
      [await readCode(server.app, person.phone)],
    );
    const chosen = await chooseOriginal(refund.refund_uuid, accessToken);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ refund_uuid: refund.refund_uuid, status: 'original_method' });
    expect((await chooseOriginal(refund.refund_uuid, accessToken)).statusCode).toBe(200);
    expect((await claim(refund.refund_uuid, accessToken)).statusCode).toBe(404);
    expect(await balanceOf(server.app, accessToken)).toMatchObject({ total_in_cents: 0 });
  });

  it('the owner of a verified email may choose it; someone else then learns nothing', async () => {
    const email = uniqueEmail();
    const person = await signUpNewPerson(server.app, { email });
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ email, phone_number: null })),
    );
    const { accessToken } = await verifyForClaim(
      server.app,
      refund.refund_uuid,
      'email',
      email,
      'VERIFY_EMAIL',
      [],
      person.accessToken,
    );
    expect((await chooseOriginal(refund.refund_uuid, accessToken)).statusCode).toBe(200);
    const stranger = await signUpNewPerson(server.app);
    const late = await chooseOriginal(refund.refund_uuid, stranger.accessToken);
    expect(late.statusCode).toBe(404);
    expect(late.json().code_description).toBe('REFUND_NOT_CLAIMABLE');
  });
});
