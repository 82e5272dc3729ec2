import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, vaultBankAccounts } from '../src/db/schema';
import { addBankAccount, listBankAccounts, manualAccount } from './support/bank-fixtures';
import { signUpNewPerson } from './support/people';
import { expectLedgerBalanced } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

const add = (token: string, body: Record<string, unknown>) =>
  call(server.app, 'POST', '/v1/bank-accounts', body, { token });

describe('adding a bank account by hand', () => {
  it('keeps the number sealed and answers only the last four digits', async () => {
    const person = await signUpNewPerson(server.app);
    const number = '74920385116';
    const response = await add(person.accessToken, manualAccount({ account_number: number }));

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      bank_account_uuid: expect.any(String),
      bank_name: 'JPMorgan Chase Bank',
      account_type: 'checking',
      last4: '5116',
      source: 'manual',
      created_at: expect.any(String),
    });
    expect(response.body).not.toContain(number);

    const [row] = await server.database.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.id, response.json().bank_account_uuid));
    expect(row).toMatchObject({ routingNumber: '021000021', holderName: 'Pat Doe', last4: '5116' });
    expect(JSON.stringify(row)).not.toContain(number);
    const [sealed] = await server.database.db
      .select()
      .from(vaultBankAccounts)
      .where(eq(vaultBankAccounts.token, row?.vaultToken ?? ''));
    expect(sealed?.sealedNumber).toBeTruthy();
    expect(sealed?.sealedNumber).not.toContain(number);

    const listed = await call(server.app, 'GET', '/v1/bank-accounts', undefined, {
      token: person.accessToken,
    });
    expect(listed.json().data).toEqual([response.json()]);
    expect(listed.body).not.toContain(number);
    expect(server.logLines.join('\n')).not.toContain(number);
  });

  it('shows no bank name for a routing number outside the directory', async () => {
    const person = await signUpNewPerson(server.app);
    const response = await add(
      person.accessToken,
      manualAccount({ routing_number: '011000015', account_type: 'savings' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ bank_name: null, account_type: 'savings' });
  });

  it.each([
    [
      'a routing number failing the ABA checksum',
      { routing_number: '021000022' },
      'valid routing number',
    ],
    ['a routing number with letters', { routing_number: '02100002A' }, '9 digits'],
    ['a routing number of 8 digits', { routing_number: '02100002' }, '9 digits'],
    ['a routing number of 10 digits', { routing_number: '0210000210' }, '9 digits'],
    ['an account number with letters', { account_number: '12345678X' }, '4 to 17 digits'],
    ['an account number with dashes', { account_number: '1234-5678' }, '4 to 17 digits'],
    ['an account number of 3 digits', { account_number: '123' }, '4 to 17 digits'],
    ['an account number of 18 digits', { account_number: '123456789012345678' }, '4 to 17 digits'],
    ['an unknown account type', { account_type: 'brokerage' }, 'checking or savings'],
    ['no holder name', { account_holder_name: '  ' }, 'holder name is required'],
    ['an extra field', { nickname: 'Main' }, ''],
  ])('refuses %s with 400 and stores nothing', async (_case, override, message) => {
    const person = await signUpNewPerson(server.app);
    const body = manualAccount(override);
    const response = await add(person.accessToken, body);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1001, code_description: 'VALIDATION_FAILED' });
    expect(response.json().message).toContain(message);
    expect(await listBankAccounts(server.app, person.accessToken)).toEqual([]);
    // Short numbers turn up in any text (timestamps); the long ones must appear nowhere.
    const number = String(body.account_number);
    if (number.length >= 8) {
      expect(response.body).not.toContain(number);
      expect(server.logLines.join('\n')).not.toContain(number);
    }
  });

  it('needs a signed-in customer', async () => {
    const response = await call(server.app, 'POST', '/v1/bank-accounts', manualAccount());
    expect(response.statusCode).toBe(401);
  });
});

describe('listing and removing', () => {
  it('lists newest first; a removed account disappears', async () => {
    const person = await signUpNewPerson(server.app);
    const first = await addBankAccount(server.app, person.accessToken);
    const second = await addBankAccount(server.app, person.accessToken, {
      account_number: '55554444',
    });
    expect(
      (await listBankAccounts(server.app, person.accessToken)).map((a) => a.bank_account_uuid),
    ).toEqual([second, first]);

    const removed = await call(server.app, 'DELETE', `/v1/bank-accounts/${first}`, undefined, {
      token: person.accessToken,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await listBankAccounts(server.app, person.accessToken)).map((a) => a.bank_account_uuid),
    ).toEqual([second]);
    const again = await call(server.app, 'DELETE', `/v1/bank-accounts/${first}`, undefined, {
      token: person.accessToken,
    });
    expect(again.statusCode).toBe(404);
  });

  it("someone else's account is not found and stays theirs", async () => {
    const owner = await signUpNewPerson(server.app);
    const stranger = await signUpNewPerson(server.app);
    const id = await addBankAccount(server.app, owner.accessToken);

    const response = await call(server.app, 'DELETE', `/v1/bank-accounts/${id}`, undefined, {
      token: stranger.accessToken,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code_description).toBe('NOT_FOUND');
    expect(await listBankAccounts(server.app, stranger.accessToken)).toEqual([]);
    expect(await listBankAccounts(server.app, owner.accessToken)).toHaveLength(1);
  });
});
