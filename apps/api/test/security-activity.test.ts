import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import type { SecurityActivity, SecurityEvent } from '@refund/contracts/security-activity';
import { auditEvents, sessions, users } from '../src/db/schema';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { withoutIdsAndTimes } from './support/without-ids';
import { addBankAccount, redeemToBank } from './support/bank-fixtures';
import { addCard, redeemAll } from './support/payout-fixtures';
import { readCode, signUpForm } from './support/people';
import {
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

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Device {
  id?: string;
  userAgent: string;
}
const deviceHeaders = (device: Device): Record<string, string> => ({
  'user-agent': device.userAgent,
  ...(device.id ? { 'x-device-id': device.id } : {}),
});
const newDeviceId = () => `dev_${crypto.randomUUID().replaceAll('-', '')}`;

interface Person {
  token: string;
  phone: string;
  codes: string[];
}

async function signUp(device: Device): Promise<Person> {
  const form = signUpForm();
  const started = await call(server.app, 'POST', '/v1/users/signup', form);
  expect(started.statusCode, started.body).toBe(201);
  const code = await readCode(server.app, form.phone_number);
  const verified = await call(
    server.app,
    'POST',
    '/v1/users/verify',
    { attempt_id: started.json().attempt_id, code },
    { headers: deviceHeaders(device) },
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return {
    token: verified.json().access_token,
    phone: form.phone_number.replace(/\D/g, ''),
    codes: [code],
  };
}

async function signIn(person: Person, device: Device): Promise<string> {
  const started = await call(server.app, 'POST', '/v1/users/signin', {
    phone_number: person.phone,
    bot_token: SANDBOX_PASSING_BOT_TOKEN,
  });
  expect(started.statusCode, started.body).toBe(200);
  const code = await readCode(server.app, person.phone, person.codes);
  person.codes.push(code);
  const verified = await call(
    server.app,
    'POST',
    '/v1/users/verify',
    { attempt_id: started.json().attempt_id, code },
    { headers: deviceHeaders(device) },
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().access_token as string;
}

async function activity(token: string, query = ''): Promise<SecurityActivity> {
  const response = await call(server.app, 'GET', `/v1/users/security-activity${query}`, undefined, {
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SecurityActivity;
}

const summary = (events: SecurityEvent[]) =>
  events.map(({ action, fields, device, this_device }) => ({
    action,
    fields,
    device,
    this_device,
  }));

async function userIdOf(phone: string): Promise<string> {
  const digits = phone.replace(/\D/g, '');
  const [user] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, digits));
  if (!user) throw new Error('no such user');
  return user.id;
}

describe('sign-ins and sign-ups in the security activity', () => {
  it('records the sign-up, a sign-in from a new device, and one from a known device', async () => {
    const phone = { id: newDeviceId(), userAgent: ANDROID_CHROME };
    const laptop = { id: newDeviceId(), userAgent: IPHONE_SAFARI };
    const person = await signUp(phone);
    await signIn(person, laptop);
    const again = await signIn(person, phone);

    const { data, next_cursor } = await activity(again);
    expect(next_cursor).toBeNull();
    expect(summary(data)).toEqual([
      { action: 'signed_in', fields: [], device: 'Chrome on Android', this_device: true },
      {
        action: 'signed_in',
        fields: ['new_device'],
        device: 'Safari on iOS',
        this_device: false,
      },
      { action: 'signed_up', fields: [], device: 'Chrome on Android', this_device: true },
    ]);
    // Newest first, each with its time.
    const times = data.map((event) => Date.parse(event.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('keeps the device on the session, hashed, and answers neither the hash nor the IP', async () => {
    const device = { id: newDeviceId(), userAgent: ANDROID_CHROME };
    const person = await signUp(device);
    const userId = await userIdOf(person.phone);
    const [session] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId));
    expect(session?.userAgent).toBe(ANDROID_CHROME);
    expect(session?.deviceHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.deviceHash).not.toContain(device.id);

    const response = await call(server.app, 'GET', '/v1/users/security-activity', undefined, {
      token: person.token,
    });
    expect(response.body).not.toContain(session?.deviceHash);
    expect(response.body).not.toContain('127.0.0.1');
    expect(Object.keys(response.json().data[0]).sort()).toEqual([
      'action',
      'created_at',
      'device',
      'fields',
      'id',
      'this_device',
    ]);
  });

  it('takes a sign-in without a device id as from a new device, and never as this device', async () => {
    const person = await signUp({ userAgent: ANDROID_CHROME });
    const token = await signIn(person, { userAgent: ANDROID_CHROME });
    expect(summary((await activity(token)).data)).toEqual([
      {
        action: 'signed_in',
        fields: ['new_device'],
        device: 'Chrome on Android',
        this_device: false,
      },
      { action: 'signed_up', fields: [], device: 'Chrome on Android', this_device: false },
    ]);
  });

  it("records a claim code's sign-in as a sign-in", async () => {
    const person = await signUp({ id: newDeviceId(), userAgent: ANDROID_CHROME });
    const [user] = await server.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, await userIdOf(person.phone)));
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ phone_number: person.phone, email: user?.email ?? '' })),
    );
    const claimed = await verifyForClaim(
      server.app,
      refund.refund_uuid,
      'mobile',
      person.phone,
      'REFUND_CLAIM',
      person.codes,
    );
    expect(summary((await activity(claimed.accessToken)).data)).toEqual([
      { action: 'signed_in', fields: ['new_device'], device: null, this_device: false },
      { action: 'signed_up', fields: [], device: 'Chrome on Android', this_device: false },
    ]);
  });
});

describe('saved destinations in the security activity', () => {
  it('records adding and removing a card and a bank account, by field names only', async () => {
    const device = { id: newDeviceId(), userAgent: ANDROID_CHROME };
    const person = await signUp(device);
    const headers = deviceHeaders(device);
    const address = await call(
      server.app,
      'PUT',
      '/v1/users/profile/address',
      { line_1: '12 Harbor Road', city: 'Portland', state: 'me', zipcode: '04101' },
      { token: person.token, headers },
    );
    expect(address.statusCode).toBe(200);
    const card = await call(
      server.app,
      'POST',
      '/v1/cards',
      {
        card_number: sandboxCards.visaDebit,
        expiry: '12/30',
        cvv: '123',
        name_on_card: 'Pat Doe',
      },
      { token: person.token, headers },
    );
    expect(card.statusCode).toBe(201);
    const account = await call(
      server.app,
      'POST',
      '/v1/bank-accounts',
      {
        routing_number: '021000021',
        account_number: '000123456789',
        account_type: 'checking',
        account_holder_name: 'Pat Doe',
      },
      { token: person.token, headers },
    );
    expect(account.statusCode).toBe(201);
    for (const url of [
      `/v1/cards/${card.json().card_uuid}`,
      `/v1/bank-accounts/${account.json().bank_account_uuid}`,
    ]) {
      const removed = await call(server.app, 'DELETE', url, undefined, {
        token: person.token,
        headers,
      });
      expect(removed.statusCode).toBe(204);
    }

    const response = await call(server.app, 'GET', '/v1/users/security-activity', undefined, {
      token: person.token,
    });
    const events = (response.json() as SecurityActivity).data.filter((event) =>
      /card|bank_account/.test(event.action),
    );
    expect(summary(events)).toEqual([
      {
        action: 'bank_account_removed',
        fields: [],
        device: 'Chrome on Android',
        this_device: true,
      },
      { action: 'card_removed', fields: [], device: 'Chrome on Android', this_device: true },
      {
        action: 'bank_account_added',
        fields: ['routing_number', 'bank_name', 'account_type', 'last4', 'account_holder_name'],
        device: 'Chrome on Android',
        this_device: true,
      },
      {
        action: 'card_added',
        fields: ['brand', 'last4', 'expiry', 'name_on_card'],
        device: 'Chrome on Android',
        this_device: true,
      },
    ]);
    // Names, never the values: no digits of the card or the account (random ids left out).
    const shown = withoutIdsAndTimes(response.body);
    expect(shown).not.toContain('4242');
    expect(shown).not.toContain(sandboxCards.visaDebit.slice(-4));
    expect(shown).not.toContain('6789');
    const stored = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, await userIdOf(person.phone)));
    expect(JSON.stringify(stored)).not.toMatch(
      new RegExp(`${sandboxCards.visaDebit.slice(-4)}|123456789|021000021`),
    );
  });

  it("answers 404 for someone else's card or bank account and changes nothing", async () => {
    const owner = await signUp({ id: newDeviceId(), userAgent: ANDROID_CHROME });
    const other = await signUp({ id: newDeviceId(), userAgent: IPHONE_SAFARI });
    await call(
      server.app,
      'PUT',
      '/v1/users/profile/address',
      { line_1: '12 Harbor Road', city: 'Portland', state: 'me', zipcode: '04101' },
      { token: owner.token },
    );
    const cardId = await addCard(server.app, owner.token, sandboxCards.visaDebit);
    const accountId = await addBankAccount(server.app, owner.token);

    for (const url of [`/v1/cards/${cardId}`, `/v1/bank-accounts/${accountId}`]) {
      const refused = await call(server.app, 'DELETE', url, undefined, { token: other.token });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code_description).toBe('NOT_FOUND');
    }

    const cards = await call(server.app, 'GET', '/v1/cards', undefined, { token: owner.token });
    expect(cards.json().data.map((c: { card_uuid: string }) => c.card_uuid)).toEqual([cardId]);
    const accounts = await call(server.app, 'GET', '/v1/bank-accounts', undefined, {
      token: owner.token,
    });
    expect(
      accounts.json().data.map((a: { bank_account_uuid: string }) => a.bank_account_uuid),
    ).toEqual([accountId]);
    // The address the card needed is recorded too; these are the sign-ups and destinations.
    const actions = async (token: string) =>
      (await activity(token)).data
        .map((event) => event.action)
        .filter((action) => !action.startsWith('address') && !action.startsWith('primary'));
    expect(await actions(other.token)).toEqual(['signed_up']);
    expect(await actions(owner.token)).toEqual(['bank_account_added', 'card_added', 'signed_up']);
  });

  it('answers 404 to a second removal, recording the removal once', async () => {
    const person = await signUp({ id: newDeviceId(), userAgent: ANDROID_CHROME });
    const accountId = await addBankAccount(server.app, person.token);
    const first = await call(server.app, 'DELETE', `/v1/bank-accounts/${accountId}`, undefined, {
      token: person.token,
    });
    const second = await call(server.app, 'DELETE', `/v1/bank-accounts/${accountId}`, undefined, {
      token: person.token,
    });
    expect([first.statusCode, second.statusCode]).toEqual([204, 404]);
    const removals = (await activity(person.token)).data.filter(
      (event) => event.action === 'bank_account_removed',
    );
    expect(removals).toHaveLength(1);
  });

  it('hides a bank account with a payout on its way; the payout keeps showing where it goes', async () => {
    const redeemed = await redeemToBank({ server, merchant }, 2_500, {
      account_number: '000555006789',
    });
    const token = redeemed.person.accessToken;
    const [account] = (
      await call(server.app, 'GET', '/v1/bank-accounts', undefined, { token })
    ).json().data as { bank_account_uuid: string }[];
    if (!account) throw new Error('no bank account');

    const removed = await call(
      server.app,
      'DELETE',
      `/v1/bank-accounts/${account.bank_account_uuid}`,
      undefined,
      { token },
    );
    expect(removed.statusCode).toBe(204);
    const listed = await call(server.app, 'GET', '/v1/bank-accounts', undefined, { token });
    expect(listed.json().data).toEqual([]);
    expect(await redeemed.detail()).toMatchObject({
      status: 'Pending',
      destination: { kind: 'bank_account', last4: '6789' },
    });
  });

  it('hides a removed card from the list and new redemptions; the history still names it', async () => {
    const redeemed = await redeemAll({ server, merchant }, 1_000, 'debit', (token) =>
      addCard(server.app, token, sandboxCards.visaDebit),
    );
    const token = redeemed.person.accessToken;
    const cardId = redeemed.response.json().destination.uuid as string | undefined;
    const [card] = (await call(server.app, 'GET', '/v1/cards', undefined, { token })).json()
      .data as { card_uuid: string; last4: string }[];
    if (!card) throw new Error('no card');
    if (cardId) expect(cardId).toBe(card.card_uuid);

    const removed = await call(server.app, 'DELETE', `/v1/cards/${card.card_uuid}`, undefined, {
      token,
    });
    expect(removed.statusCode).toBe(204);
    expect((await call(server.app, 'GET', '/v1/cards', undefined, { token })).json().data).toEqual(
      [],
    );
    expect(await redeemed.detail()).toMatchObject({
      destination: { kind: 'card', last4: card.last4 },
    });
  });
});

describe('reading the security activity', () => {
  it('pages newest first without gaps or repeats, also across equal times', async () => {
    const person = await signUp({ id: newDeviceId(), userAgent: ANDROID_CHROME });
    const userId = await userIdOf(person.phone);
    const sameMoment = new Date('2030-01-02T03:04:05.123Z');
    await server.database.db.insert(auditEvents).values(
      Array.from({ length: 7 }, (_, i) => ({
        userId,
        action: i % 2 ? 'card_added' : 'card_removed',
        fields: [],
        createdAt: i < 5 ? sameMoment : new Date(sameMoment.getTime() - i * 1000),
      })),
    );

    const seen: SecurityEvent[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await activity(person.token, query);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(seen).toHaveLength(8);
    expect(new Set(seen.map((event) => event.id)).size).toBe(8);
    const stored = await server.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.userId, userId));
    expect(new Set(seen.map((event) => event.id))).toEqual(new Set(stored.map((row) => row.id)));
    const order = seen.map((event) => [Date.parse(event.created_at), event.id] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1));
    expect(order).toEqual(sorted);
    expect(seen.at(-1)?.action).toBe('signed_up');
  });

  it("never shows one customer another's events", async () => {
    const a = await signUp({ id: newDeviceId(), userAgent: ANDROID_CHROME });
    const b = await signUp({ id: newDeviceId(), userAgent: IPHONE_SAFARI });
    await addBankAccount(server.app, b.token);
    const mine = await activity(a.token);
    expect(mine.data.map((event) => event.action)).toEqual(['signed_up']);
    expect(mine.data[0]?.device).toBe('Chrome on Android');
    const theirs = await activity(b.token);
    expect(theirs.data.map((event) => event.action)).toEqual(['bank_account_added', 'signed_up']);
    const ids = new Set(theirs.data.map((event) => event.id));
    expect(mine.data.some((event) => ids.has(event.id))).toBe(false);
  });

  it('refuses a request without a signed-in customer', async () => {
    const response = await call(server.app, 'GET', '/v1/users/security-activity');
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a cursor that is not one', 'not-a-cursor'],
    ['a cursor of another shape', Buffer.from('["yesterday","x"]').toString('base64url')],
    ['a limit out of range', null],
  ])('answers 400 to %s', async (_name, cursor) => {
    const person = await signUp({ id: newDeviceId(), userAgent: ANDROID_CHROME });
    const query = cursor === null ? '?limit=1000' : `?cursor=${encodeURIComponent(cursor)}`;
    const response = await call(
      server.app,
      'GET',
      `/v1/users/security-activity${query}`,
      undefined,
      { token: person.token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
  });
});
