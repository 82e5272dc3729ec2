import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FreePlayClaim, FreePlayOffer } from '@refund/contracts/free-play';
import { loadConfig } from '../src/config';
import { fundedCustomer, newMerchant } from './support/payout-fixtures';
import { ownDatabase } from './support/own-database';
import { signInAgain, signUpNewPerson, type SignedIn } from './support/people';
import { productionEnv } from './support/production-env';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * The free play the sports merchant funds: offered to customers who claimed a refund, credited to
 * the wallet once per customer and once per device however many claims arrive at once, a retry
 * with the same Idempotency-Key answering the first claim, and nothing after its last day.
 */
const LAST_DAY = `${new Date().getUTCFullYear() + 1}-06-30`;
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await ownDatabase();
  server = await startTestServer({
    FREE_PLAY_CENTS: '1000',
    FREE_PLAY_ENDS_ON: LAST_DAY,
    FREE_PLAY_SPONSOR: 'Fanatics',
    FREE_PLAY_ACCOUNTS_PER_DEVICE: '3',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  merchant = await newMerchant(server.database.db);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});
afterEach(() => expectLedgerBalanced(server.database.db));

const offerOf = async (app: TestServer, person: SignedIn) => {
  const response = await call(app.app, 'GET', '/v1/promotions/free-play', undefined, {
    token: person.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { offer: FreePlayOffer | null }).offer;
};

const claim = (
  person: SignedIn,
  headers: Record<string, string> = {
    'idempotency-key': crypto.randomUUID(),
    'x-device-id': crypto.randomUUID(),
  },
  app = server,
) =>
  call(app.app, 'POST', '/v1/promotions/free-play/claims', undefined, {
    token: person.accessToken,
    headers,
  });

const available = async (person: SignedIn) =>
  (await balanceOf(server.app, person.accessToken)).available_in_cents;

describe('the free play', () => {
  it('waits for a claimed refund, then is credited once to the wallet', async () => {
    const newcomer = await signUpNewPerson(server.app);
    expect(await offerOf(server, newcomer)).toEqual({
      amount_in_cents: 1_000,
      sponsor: 'Fanatics',
      last_day: LAST_DAY,
      blocked_by: 'CLAIM_A_REFUND_FIRST',
      claimed_at: null,
      claimed_amount_in_cents: null,
    });
    const early = await claim(newcomer);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code_description: 'FREE_PLAY_NEEDS_REFUND' });
    expect(await available(newcomer)).toBe(0);

    const ann = await fundedCustomer(server.app, merchant, 2_500);
    expect(await offerOf(server, ann)).toMatchObject({ blocked_by: null, claimed_at: null });
    const key = crypto.randomUUID();
    const device = crypto.randomUUID();
    const made = await claim(ann, { 'idempotency-key': key, 'x-device-id': device });
    expect(made.statusCode, made.body).toBe(201);
    const first = made.json() as FreePlayClaim;
    expect(first.amount_in_cents).toBe(1_000);
    expect(await available(ann)).toBe(3_500);
    expect(await offerOf(server, ann)).toMatchObject({
      blocked_by: 'ALREADY_CLAIMED',
      claimed_at: first.claimed_at,
      claimed_amount_in_cents: 1_000,
    });

    // A retry (the answer was lost) answers the first claim; another claim is refused.
    const retried = await claim(ann, { 'idempotency-key': key, 'x-device-id': device });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(first);
    const again = await claim(ann);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code_description: 'FREE_PLAY_ALREADY_CLAIMED' });
    expect(await available(ann)).toBe(3_500);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const ben = await fundedCustomer(server.app, merchant, 1_000);
    const noKey = await claim(ben, {});
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    const badDevice = await claim(ben, {
      'idempotency-key': crypto.randomUUID(),
      'x-device-id': 'not-a-device',
    });
    expect(badDevice.statusCode).toBe(400);
    // One per device: a claim that does not say which device it comes from is refused.
    const noDevice = await claim(ben, { 'idempotency-key': crypto.randomUUID() });
    expect(noDevice.statusCode).toBe(400);
    expect(noDevice.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    expect(noDevice.json().message).toContain('X-Device-Id is required');
    expect(await available(ben)).toBe(1_000);
    const anonymous = await call(server.app, 'POST', '/v1/promotions/free-play/claims', undefined, {
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await offerOf(server, ben)).toMatchObject({ blocked_by: null });
  });
});

describe('under 20 claims at once', () => {
  it('credits one free play per customer, whatever the keys', async () => {
    const cam = await fundedCustomer(server.app, merchant, 1_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(cam)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code_description: 'FREE_PLAY_ALREADY_CLAIMED' });
    }
    expect(await available(cam)).toBe(2_000);
  });

  it('answers one claim to 20 retries of the same request', async () => {
    const dee = await fundedCustomer(server.app, merchant, 1_000);
    const headers = { 'idempotency-key': crypto.randomUUID(), 'x-device-id': crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(dee, headers)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => (a.json() as FreePlayClaim).claim_uuid)).size).toBe(1);
    expect(await available(dee)).toBe(2_000);
  });

  it('credits one free play per device, across 20 customers on it', async () => {
    // Made five at a time: what runs at once here is the claims, not 20 sign-ups' texted codes.
    const people: Awaited<ReturnType<typeof fundedCustomer>>[] = [];
    for (let made = 0; made < 20; made += 5) {
      people.push(
        ...(await Promise.all(
          Array.from({ length: 5 }, () => fundedCustomer(server.app, merchant, 500)),
        )),
      );
    }
    const device = crypto.randomUUID();
    const answers = await Promise.all(
      people.map((person) =>
        claim(person, { 'idempotency-key': crypto.randomUUID(), 'x-device-id': device }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code_description: 'FREE_PLAY_DEVICE_USED' });
    }
    const balances = await Promise.all(people.map(available));
    expect(balances.reduce((sum, cents) => sum + cents, 0)).toBe(20 * 500 + 1_000);
    // The device id is case-insensitive, so it cannot be dodged by changing its case.
    const late = await fundedCustomer(server.app, merchant, 500);
    const upper = await claim(late, {
      'idempotency-key': crypto.randomUUID(),
      'x-device-id': device.toUpperCase(),
    });
    expect(upper.json()).toMatchObject({ code_description: 'FREE_PLAY_DEVICE_USED' });
    // The offer says so before anyone tries, on that device only.
    const onDevice = await call(server.app, 'GET', '/v1/promotions/free-play', undefined, {
      token: late.accessToken,
      headers: { 'x-device-id': device },
    });
    expect(onDevice.json()).toMatchObject({ offer: { blocked_by: 'DEVICE_USED' } });
    expect(await offerOf(server, late)).toMatchObject({ blocked_by: null });
    // Leaving the header out does not get round it.
    const withoutDevice = await claim(late, { 'idempotency-key': crypto.randomUUID() });
    expect(withoutDevice.statusCode).toBe(400);
    expect(await available(late)).toBe(500);
  });
});

/** Signs the person in again from a browser whose FingerprintJS visitor id is `visitorId`. */
const signInFrom = (person: SignedIn, visitorId: string) =>
  signInAgain(server.app, person, { 'x-device-id': visitorId });

describe('accounts per device', () => {
  it('lets only three accounts signed in from one device claim it, however many try at once', async () => {
    const visitor = crypto.randomUUID().replace(/-/g, '');
    const people = await Promise.all(
      Array.from({ length: 8 }, () => fundedCustomer(server.app, merchant, 500)),
    );
    // Each signs in from the same device; each browser has its own storage id.
    const signedIn: SignedIn[] = [];
    for (const person of people) signedIn.push(await signInFrom(person, visitor));
    const answers = await Promise.all(
      signedIn.map((person) =>
        claim(person, {
          'idempotency-key': crypto.randomUUID(),
          'x-device-id': crypto.randomUUID(),
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code_description: 'FREE_PLAY_DEVICE_USED' });
    }
    const balances = await Promise.all(signedIn.map(available));
    expect(balances.reduce((sum, cents) => sum + cents, 0)).toBe(8 * 500 + 3 * 1_000);

    // The offer tells the others before they try; a customer who claimed still sees their claim.
    const winners = signedIn.filter((_, i) => answers[i]?.statusCode === 201);
    const others = signedIn.filter((_, i) => answers[i]?.statusCode !== 201);
    expect(await offerOf(server, others[0]!)).toMatchObject({ blocked_by: 'DEVICE_USED' });
    expect(await offerOf(server, winners[0]!)).toMatchObject({ blocked_by: 'ALREADY_CLAIMED' });
    // The signal is the device signed in from: another device has room for the account.
    const elsewhere = await signInFrom(others[0]!, crypto.randomUUID().replace(/-/g, ''));
    expect(await offerOf(server, elsewhere)).toMatchObject({ blocked_by: null });
  });

  it('counts a session that signed in without a device by the device its claim names', async () => {
    // Signed in with no device id (fundedCustomer's sign-up sends none): the session has none.
    const people = await Promise.all(
      Array.from({ length: 4 }, () => fundedCustomer(server.app, merchant, 500)),
    );
    const browser = crypto.randomUUID();
    const first = await claim(people[0]!, {
      'idempotency-key': crypto.randomUUID(),
      'x-device-id': browser,
    });
    expect(first.statusCode, first.body).toBe(201);
    // That session now counts as signed in from the claim's device: accounts later signed in
    // from it meet the accounts-per-device rule with it counted.
    const onIt: SignedIn[] = [];
    for (const person of people.slice(1)) onIt.push(await signInFrom(person, browser));
    const answers = await Promise.all(
      onIt.map((person) =>
        claim(person, {
          'idempotency-key': crypto.randomUUID(),
          'x-device-id': crypto.randomUUID(),
        }),
      ),
    );
    // Three accounts per device: the first claim and two of the three others.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409]);
  });
});

describe('when it is not on offer', () => {
  it('answers null and refuses claims when none is configured, or after its last day', async () => {
    for (const env of [
      { FREE_PLAY_CENTS: '0' },
      { FREE_PLAY_CENTS: '1000', FREE_PLAY_ENDS_ON: '2020-06-30' },
    ]) {
      const other = await startTestServer({
        ...env,
        ...(database ? { DATABASE_URL: database.url } : {}),
      });
      try {
        const otherMerchant = await newMerchant(other.database.db);
        const eve = await fundedCustomer(other.app, otherMerchant, 1_000);
        const offer = await offerOf(other, eve);
        const refused = await claim(eve, undefined, other);
        if (env.FREE_PLAY_CENTS === '0') {
          expect(offer).toBeNull();
          expect(refused.statusCode).toBe(404);
          expect(refused.json()).toMatchObject({ code_description: 'FREE_PLAY_UNAVAILABLE' });
        } else {
          expect(offer).toMatchObject({ blocked_by: 'ENDED', last_day: '2020-06-30' });
          expect(refused.statusCode).toBe(409);
          expect(refused.json()).toMatchObject({ code_description: 'FREE_PLAY_ENDED' });
        }
        expect((await balanceOf(other.app, eve.accessToken)).available_in_cents).toBe(1_000);
      } finally {
        await other.close();
      }
    }
  });

  it('is none in production unless configured, and then needs its last day', () => {
    expect(loadConfig(productionEnv)).toMatchObject({ FREE_PLAY_CENTS: 0 });
    expect(() => loadConfig({ ...productionEnv, FREE_PLAY_CENTS: '1000' })).toThrowError(
      /FREE_PLAY_ENDS_ON: required with FREE_PLAY_CENTS in production/,
    );
  });
});
