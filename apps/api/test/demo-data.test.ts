import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import type { MerchantSpotlightList, SpotlightAnswer } from '@refund/contracts/spotlight';
import { demoCustomer, demoMerchant, demoSpotlight, seedDemoData } from '../src/db/demo-data';
import { readCode } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO_DATA: 'true', SANDBOX: 'true' });
});
afterAll(() => server.close());

const codesUsed: string[] = [];

async function signInAsDemoCustomer(): Promise<string> {
  const phone_number = demoCustomer.phone_number;
  const started = await call(server.app, 'POST', '/v1/users/signin', {
    phone_number,
    bot_token: SANDBOX_PASSING_BOT_TOKEN,
  });
  expect(started.statusCode).toBe(200);
  const { attempt_id } = started.json() as { attempt_id: string };
  const code = await readCode(server.app, phone_number, codesUsed);
  codesUsed.push(code);
  const verified = await call(server.app, 'POST', '/v1/users/verify', { attempt_id, code });
  expect(verified.statusCode).toBe(200);
  return (verified.json() as { access_token: string }).access_token;
}

const get = (url: string, token: string) => call(server.app, 'GET', url, undefined, { token });

describe('the demo data the README describes', () => {
  it('gives the demo customer a verified email, an address and two claimed refunds', async () => {
    const token = await signInAsDemoCustomer();
    const profile = (await get('/v1/users/profile', token)).json() as Record<string, unknown>;
    expect(profile).toMatchObject({
      first_name: 'Alex',
      last_name: 'Morgan',
      email: demoCustomer.email,
      email_verified: true,
    });
    expect(JSON.stringify(profile)).toContain('1600 Market Street');
    // $89.99 and $173.50 claimed, $25.00 of the latter held for the fraud check.
    expect((await get('/v1/wallet/balance', token)).json()).toEqual({
      available_in_cents: 23849,
      pending_in_cents: 2500,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 26349,
    });
  });

  it('lets the demo merchant key create refunds', async () => {
    const created = await call(
      server.app,
      'POST',
      '/v1/merchant/refunds',
      {
        customer: { ...demoCustomer, date_of_birth: undefined },
        order_number: 'SS-20001',
        description: 'Running jacket',
        returns: [{ amount_in_cents: 6500, description: 'Running jacket' }],
      },
      {
        headers: {
          authorization: `Bearer ${demoMerchant.apiKey}`,
          'idempotency-key': crypto.randomUUID(),
        },
      },
    );
    expect(created.statusCode).toBe(201);
  });

  it("shows customers the demo merchant's spotlight, its artwork served as PNG", async () => {
    const token = await signInAsDemoCustomer();
    const { spotlight } = (await get('/v1/spotlight', token)).json() as SpotlightAnswer;
    expect(spotlight).toMatchObject({
      promotion_button_url: demoSpotlight.buttonUrl,
      promotion_button_text: demoSpotlight.buttonText,
    });
    for (const key of [spotlight?.promotion_image.file_key, spotlight?.promotion_logo?.file_key]) {
      const file = await call(server.app, 'GET', `/v1/files/${key ?? 'missing'}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.length).toBeGreaterThan(1000);
    }
  });

  it('changes nothing when seeded again', async () => {
    const token = await signInAsDemoCustomer();
    const before = (await get('/v1/wallet/balance', token)).json();
    const spotlights = () =>
      call(server.app, 'GET', '/v1/merchant/spotlights', undefined, {
        headers: { authorization: `Bearer ${demoMerchant.apiKey}` },
      }).then((response) => (response.json() as MerchantSpotlightList).data);
    const spotlightsBefore = await spotlights();
    expect(spotlightsBefore).toHaveLength(1);
    await seedDemoData({
      db: server.database.db,
      jobs: server.jobs,
      publicUrl: server.config.PUBLIC_URL,
      sandbox: true,
    });
    expect((await get('/v1/wallet/balance', token)).json()).toEqual(before);
    expect(await spotlights()).toEqual(spotlightsBefore);
  });
});
