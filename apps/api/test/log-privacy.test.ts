import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRefund,
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * A statement that fails is logged by its SQLSTATE and a statement name, never with its
 * parameters or the values PostgreSQL quotes back: a refund's insert carries the customer's
 * e-mail address and phone number.
 */

/** The order number a constraint added by this test refuses, standing in for any failure. */
const REFUSED_ORDER = 'REFUSED-BY-DATABASE';

let server: TestServer;
let merchant: TestMerchant;

beforeAll(async () => {
  server = await startTestServer();
  merchant = await newMerchant(server.database.db);
  await server.database.db.execute(
    sql.raw(
      `alter table refunds add constraint refunds_test_refused_order check (order_number <> '${REFUSED_ORDER}')`,
    ),
  );
});
afterAll(async () => {
  await server.database.db.execute(
    sql.raw('alter table refunds drop constraint if exists refunds_test_refused_order'),
  );
  await server.close();
});

const formatted = (phone: string) =>
  `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

describe('logs of a failed statement', () => {
  it('name the SQLSTATE and the statement, not the customer it was about', async () => {
    const customer = refundCustomer();
    const phone = customer.phone_number ?? '';
    const response = await call(
      server.app,
      'POST',
      '/v1/merchant/refunds',
      refundBody({ ...customer, phone_number: formatted(phone) }, { order_number: REFUSED_ORDER }),
      { token: merchant.apiKey, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 3001,
      code_description: 'INTERNAL',
      message: 'Internal Server error',
    });

    const failed = server.logLines
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .filter((entry) => entry.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.err).toMatchObject({
      statement: 'insert refunds',
      sqlstate: '23514',
      cause: { sqlstate: '23514', table: 'refunds', constraint: 'refunds_test_refused_order' },
    });

    const logs = server.logLines.join('\n');
    expect(logs).not.toContain(customer.email);
    expect(logs).not.toContain(phone);
    expect(logs).not.toContain(phone.slice(3));
    expect(logs).not.toContain(formatted(phone));
  });

  it('the same refund with an order number the database takes is created', async () => {
    const refund = await createRefund(server.app, merchant, refundBody(refundCustomer()));
    expect(refund.refund_uuid).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request log lines', () => {
  it('name the route, not the e-mail link id in the path', async () => {
    const linkId = `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll('-', '');
    const response = await call(server.app, 'GET', `/v1/customers/profile/verify-email/${linkId}`);
    expect(response.json()).toMatchObject({ code_description: 'EMAIL_LINK_INVALID' });
    const unrouted = await call(server.app, 'PUT', `/v1/customers/profile/verify-email/${linkId}`);
    expect(unrouted.statusCode).toBe(404);

    const logs = server.logLines.join('\n');
    expect(logs).toContain('"path":"/v1/customers/profile/verify-email/:id"');
    expect(logs).toContain('"path":"/v1/customers/profile/verify-email/…"');
    expect(logs).not.toContain(linkId);
  });

  it('are one line a request, once it is answered, with its route, status and time', async () => {
    const before = server.logLines.length;
    const response = await call(server.app, 'GET', '/v1/app-config?to=%2B12025550143');
    expect(response.statusCode).toBe(200);
    const lines = server.logLines
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', path: '/v1/app-config' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(server.logLines.slice(before).join('')).not.toContain('2025550143');
  });
});
