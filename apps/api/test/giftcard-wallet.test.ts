import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandList } from '@refund/contracts/brands';
import type {
  GiftCardCredentials,
  GiftCardDetails,
  GiftCardList,
} from '@refund/contracts/giftcards';
import type { Transaction } from '@refund/contracts/redemptions';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import { buyGiftCard, quoteGiftCard, settledTransaction } from './support/giftcard-fixtures';
import { fundedCustomer, newMerchant } from './support/payout-fixtures';
import { ownDatabase } from './support/own-database';
import { readCode, type SignedIn } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * The gift card wallet: a customer's cards, newest first in keyset pages, active and archived
 * apart, one by its reference, and never anyone else's.
 */
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let ann: SignedIn;
let ben: SignedIn;
const bought: Record<'coffee' | 'declined' | 'cinema', Transaction> = {} as never;
let brandIds: Map<string, string>;

async function buy(person: SignedIn, providerId: string, cents: number): Promise<Transaction> {
  const q = await quoteGiftCard(server, person, brandIds.get(providerId), cents);
  const response = await buyGiftCard(server, person, q);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Transaction;
}

async function finished(person: SignedIn, id: string) {
  const tx = await settledTransaction(server, person, id);
  if (tx.status === 'Pending') throw new Error('still pending');
}

beforeAll(async () => {
  database = await ownDatabase();
  server = await startTestServer({
    SANDBOX_GIFT_CARD_FULFIL_SECONDS: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const merchant = await newMerchant(server.database.db);
  ann = await fundedCustomer(server.app, merchant, 20_000);
  ben = await fundedCustomer(server.app, merchant, 20_000);
  const listed = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, {
    token: ann.accessToken,
  });
  brandIds = new Map(
    (listed.json() as BrandList).featured_brands.data.map((b) => [b.provider_brand_id, b.id]),
  );
  bought.coffee = await buy(ann, 'SBX-harbor-coffee', 5_000);
  bought.declined = await buy(ann, 'SBX-sandbox-declined', 1_000);
  bought.cinema = await buy(ann, 'SBX-starlight-cinemas', 2_500);
  await buy(ben, 'SBX-harbor-coffee', 1_000);
  for (const tx of Object.values(bought)) await finished(ann, tx.transaction_id);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});

const get = (path: string, person: SignedIn = ann) =>
  call(server.app, 'GET', path, undefined, { token: person.accessToken });

async function list(query = ''): Promise<GiftCardList> {
  const response = await get(`/v1/giftcards${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GiftCardList;
}

const refs = (page: GiftCardList) => page.data.map((card) => card.transaction_id);

describe('the gift card wallet', () => {
  it('lists the customer’s own cards, newest first, with value and cashback', async () => {
    const page = await list();
    expect(refs(page)).toEqual([
      bought.cinema.transaction_id,
      bought.declined.transaction_id,
      bought.coffee.transaction_id,
    ]);
    expect(page.data[2]).toMatchObject({
      brand: { name: 'Harbor Coffee Co.', display_name: null },
      amount_in_cents: 5_000,
      cashback_in_cents: 200,
      total_value_in_cents: 5_200,
      status: 'issued',
      archived: false,
    });
    expect(page.data[2]?.brand.image_url).toMatch(/\/images\/300w-326ppi\.svg$/);
    expect(page.data[1]).toMatchObject({ status: 'failed', issued_at: null });
    expect(page.next_cursor).toBeNull();
  });

  it('pages with a cursor', async () => {
    const first = await list('?limit=2');
    expect(refs(first)).toHaveLength(2);
    const second = await list(`?limit=2&cursor=${first.next_cursor}`);
    expect(refs(second)).toEqual([bought.coffee.transaction_id]);
    expect(second.next_cursor).toBeNull();
  });

  it('shows one card with its instructions and terms', async () => {
    const [coffee] = (await list()).data.slice(2);
    const response = await get(`/v1/giftcards/${coffee?.reward_reference_id}`);
    expect(response.statusCode).toBe(200);
    const details = response.json() as GiftCardDetails;
    expect(details).toMatchObject({
      ...coffee,
      expiry_policy: 'Does not expire',
      expiry: { type: 'never' },
      redeemable_online: true,
      redeemable_in_store: true,
      credentials_available: true,
      balance_check_url: 'https://balance.giftcards.example/harbor-coffee',
    });
    expect(details.terms).toContain('cannot be exchanged for cash');
    const [, declined] = (await list()).data;
    const failed = await get(`/v1/giftcards/${declined?.reward_reference_id}`);
    expect(failed.json()).toMatchObject({ status: 'failed', credentials_available: false });
  });

  it('keeps cards marked used apart, and can bring them back', async () => {
    const coffee = (await list()).data[2];
    const path = `/v1/giftcards/${coffee?.reward_reference_id}/archived`;
    const put = (archived: unknown) =>
      call(server.app, 'PUT', path, { archived }, { token: ann.accessToken });
    expect((await put(true)).json()).toMatchObject({ archived: true });
    expect((await put(true)).json()).toMatchObject({ archived: true });
    expect(refs(await list())).not.toContain(coffee?.transaction_id);
    expect(refs(await list('?status=archived'))).toEqual([coffee?.transaction_id]);
    expect((await put(false)).json()).toMatchObject({ archived: false });
    expect(refs(await list('?status=archived'))).toEqual([]);
    expect((await put('yes')).statusCode).toBe(400);
  });

  it('never shows or changes someone else’s card', async () => {
    const mine = (await list()).data[0];
    expect((await get(`/v1/giftcards/${mine?.reward_reference_id}`, ben)).statusCode).toBe(404);
    const theirs = await call(
      server.app,
      'PUT',
      `/v1/giftcards/${mine?.reward_reference_id}/archived`,
      { archived: true },
      { token: ben.accessToken },
    );
    expect(theirs.statusCode).toBe(404);
    expect((await list()).data[0]).toMatchObject({ archived: false });
    const bens = (await get('/v1/giftcards', ben)).json() as GiftCardList;
    expect(bens.data).toHaveLength(1);
    expect(refs(bens)).not.toContain(mine?.transaction_id);
  });

  it.each([
    ['/v1/giftcards/not-a-reference'],
    ['/v1/giftcards?status=used'],
    ['/v1/giftcards?limit=0'],
    ['/v1/giftcards?cursor=nonsense'],
  ])('refuses %s with a 400', async (path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
  });

  it('needs a signed-in customer', async () => {
    expect((await call(server.app, 'GET', '/v1/giftcards')).statusCode).toBe(401);
  });
});

describe('opening a gift card’s code', () => {
  const device = crypto.randomUUID();
  const open = (reference: string, body: object, who: SignedIn = ann, id: string = device) =>
    call(server.app, 'POST', `/v1/giftcards/${reference}/credentials`, body, {
      token: who.accessToken,
      headers: { 'x-device-id': id },
    });
  const startOpening = (reference: string, who: SignedIn = ann) =>
    call(server.app, 'POST', `/v1/giftcards/${reference}/credentials/otp`, undefined, {
      token: who.accessToken,
    });

  it('needs the passcode on a new device, then opens at once on that device only', async () => {
    const coffee = (await list()).data.find(
      (c) => c.transaction_id === bought.coffee.transaction_id,
    );
    const reference = coffee?.reward_reference_id ?? '';
    const refused = await open(reference, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code_description: 'PASSCODE_REQUIRED' });

    const challenge = await startOpening(reference);
    expect(challenge.statusCode, challenge.body).toBe(200);
    const { attempt_id } = challenge.json() as { attempt_id: string };
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);
    const code = await readCode(server.app, ann.phone);
    const wrong = await open(reference, {
      attempt_id,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ code_description: 'INCORRECT_OTP' });

    const opened = await open(reference, { attempt_id, code });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    const credentials = opened.json() as GiftCardCredentials;
    expect(credentials.code).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}$/);
    expect(credentials.pin).toMatch(/^\d{4}$/);
    // The barcode a till scans, in the symbology the issuer gives for the brand.
    expect(credentials.barcode_format).toBe('code128');
    expect(credentials.barcode).toBe(credentials.code.replaceAll('-', ''));

    expect((await open(reference, {})).json()).toEqual(credentials);
    const elsewhere = await open(reference, {}, ann, crypto.randomUUID());
    expect(elsewhere.json()).toMatchObject({ code_description: 'PASSCODE_REQUIRED' });
    // The passcode was spent on the first opening.
    expect((await open(reference, { attempt_id, code }, ann, crypto.randomUUID())).statusCode).toBe(
      400,
    );
    expect(server.logLines.join('')).not.toContain(credentials.code);
  });

  it('never to someone else, even with their own passcode or the owner’s device', async () => {
    const reference =
      (await list()).data.find((c) => c.transaction_id === bought.coffee.transaction_id)
        ?.reward_reference_id ?? '';
    expect((await open(reference, {}, ben)).statusCode).toBe(404);
    expect((await startOpening(reference, ben)).statusCode).toBe(404);
  });

  it('has nothing to open on a card that was not issued, and needs a device id', async () => {
    const declined =
      (await list()).data.find((c) => c.transaction_id === bought.declined.transaction_id)
        ?.reward_reference_id ?? '';
    expect((await startOpening(declined)).json()).toMatchObject({
      code_description: 'GIFT_CARD_NOT_ISSUED',
    });
    expect((await open(declined, {})).statusCode).toBe(409);
    const noDevice = await call(
      server.app,
      'POST',
      `/v1/giftcards/${declined}/credentials`,
      {},
      {
        token: ann.accessToken,
      },
    );
    expect(noDevice.statusCode).toBe(400);
    expect((await open(declined, { code: '123456' })).statusCode).toBe(400);
  });
});

describe('view later', () => {
  const viewLater = (reference: string, who: SignedIn = ann) =>
    call(server.app, 'POST', `/v1/giftcards/${reference}/view-later`, undefined, {
      token: who.accessToken,
    });

  it('texts the owner a link to the card, at most once a minute', async () => {
    const cinema = (await list()).data.find(
      (c) => c.transaction_id === bought.cinema.transaction_id,
    );
    const reference = cinema?.reward_reference_id ?? '';
    expect((await viewLater(reference)).statusCode).toBe(204);
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);
    const inbox = await call(server.app, 'GET', `/v1/sandbox/messages?to=${ann.phone}`);
    const texts = (inbox.json() as { data: { body: string }[] }).data.map((m) => m.body);
    expect(texts).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Your Starlight Cinemas gift card: http\\S+/profile/giftcards-history/${reference} `,
        ),
      ),
    );
    const again = await viewLater(reference);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code_description: 'RATE_LIMITED' });
    expect((await viewLater(reference, ben)).statusCode).toBe(404);
    const declined = (await list()).data.find(
      (c) => c.transaction_id === bought.declined.transaction_id,
    );
    expect((await viewLater(declined?.reward_reference_id ?? '')).statusCode).toBe(409);
  });
});
