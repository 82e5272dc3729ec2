import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import { signUpNewPerson, type SignedIn } from './support/people';
import type { TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * GET /v1/events: a customer's open screens hear at once that their money or a payout changed,
 * from whichever instance changed it, and nothing of anyone else.
 */
let server: TestServer;
let origin: string;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer();
  origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  merchant = await newMerchant(server.database.db);
});
afterAll(() => server.close());

/** An open stream, as a browser holds it: what it has received so far, as text. */
async function openStream(at: string, token: string | null, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${at}/v1/events`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    signal: controller.signal,
  });
  let text = '';
  let endedByServer = false;
  const reading = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) text += decoder.decode(chunk, { stream: true });
    } catch {
      // Closed by the test.
    }
    endedByServer = !controller.signal.aborted;
  })();
  const events = () => text.split('\n\n').filter((block) => block.includes('event: wallet'));
  return {
    response,
    events,
    text: () => text,
    endedByServer: () => endedByServer,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

async function redeemDebit(app: TestServer, person: SignedIn, card: string) {
  const response = await call(
    app.app,
    'POST',
    '/v1/redemptions',
    {
      mode: 'debit',
      payment_method_uuid: card,
      amount_in_cents: 500,
      ...(await mintWithdrawalCode(app.database.db, person.phone)),
    },
    { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
  expect(response.statusCode, response.body).toBe(201);
}

describe('the events stream', () => {
  it("tells a customer's open screen that their money moved, and never of another's", async () => {
    const one = await fundedCustomer(server.app, merchant, 5_000);
    const other = await fundedCustomer(server.app, merchant, 5_000);
    const theirCard = await addCard(server.app, other.accessToken, sandboxCards.visaDebit);
    const card = await addCard(server.app, one.accessToken, sandboxCards.visaDebit);

    const stream = await openStream(origin, one.accessToken);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    await expect.poll(() => stream.text()).toContain(': connected');

    // Another customer's payout: nothing on this stream. Their own stream is the witness: once it
    // has heard of the payout, this one, served by the same notifications, would have too.
    const witness = await openStream(origin, other.accessToken);
    await expect.poll(() => witness.text()).toContain(': connected');
    await redeemDebit(server, other, theirCard);
    await expect.poll(() => witness.events().length).toBeGreaterThan(0);
    expect(stream.events()).toEqual([]);
    await witness.close();

    // Their own payout: a `wallet` event, with an id and no data of its own.
    await redeemDebit(server, one, card);
    await expect.poll(() => stream.events().length).toBeGreaterThan(0);
    expect(stream.events()[0]).toMatch(/^id: \d+\nevent: wallet\ndata: \{\}$/m);
    await stream.close();
  });

  it('answers a stream opened again after a gap at once, and refuses one without a sign-in', async () => {
    // A customer whose money never moved: no announcement of theirs can arrive late and be
    // counted, so the one event is the one a reopened stream is owed.
    const person = await signUpNewPerson(server.app);
    const again = await openStream(origin, person.accessToken, { 'last-event-id': '12345' });
    await expect.poll(() => again.events().length).toBe(1);
    await again.close();

    const unsigned = await openStream(origin, null);
    expect(unsigned.response.status).toBe(401);
    expect(await unsigned.response.json()).toMatchObject({ code_description: 'UNAUTHORIZED' });
  });

  it('ends the stream when the customer signs out', async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    const stream = await openStream(origin, person.accessToken);
    await expect.poll(() => stream.text()).toContain(': connected');
    const out = await call(server.app, 'POST', '/v1/users/logout', undefined, {
      token: person.accessToken,
      headers: { cookie: person.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    await expect.poll(() => stream.endedByServer()).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('with two instances on one database', () => {
  it('a change made by one instance reaches a stream held by the other', async () => {
    const second = await startTestServer();
    try {
      const person = await fundedCustomer(server.app, merchant, 5_000);
      const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
      const stream = await openStream(origin, person.accessToken);
      await expect.poll(() => stream.text()).toContain(': connected');
      await redeemDebit(second, person, card);
      await expect.poll(() => stream.events().length).toBeGreaterThan(0);
      await stream.close();
    } finally {
      await second.close();
    }
  });
});
