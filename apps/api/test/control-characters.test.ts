import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { manualAccount, openLinkPage, startLinkSession } from './support/bank-fixtures';
import { readCode, signUpForm, signUpNewPerson, type SignedIn } from './support/people';
import {
  addCard,
  fundedCustomer,
  giveAddress,
  mintWithdrawalCode,
} from './support/payout-fixtures';
import {
  createRefund,
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { ownDatabase, type DatabaseBeside } from './support/own-database';
import { call, startTestServer, type Method, type TestServer } from './support/test-server';

/**
 * Text with control characters in it is refused at the door, by every field of every request:
 * a 400 in the error shape naming the field, and nothing in the database changes. (A NUL byte
 * used to reach the database, which refuses it with an error the API answered as a 500.)
 */

const TEXT_RULE = 'must not contain line breaks or control characters';
const MULTILINE_RULE = 'must not contain control characters';

/** NUL, BEL, ESC, DEL and a C1 control (CSI). */
const controls = ['\u0000', '\u0007', '\u001b', '\u007f', '\u009b'];
/** Layout characters: refused in single-line fields, kept in multi-line ones. */
const layout = ['\n', '\r', '\t'];

let server: TestServer;
let merchant: TestMerchant;
let person: SignedIn;
let funded: SignedIn;
let fundedCard: string;
let signUpAttempt: string;
let refundId: string;
let claimAttempt: string;
let linkSession: string;
let withdrawal: { attempt_id: string } | undefined;

let database: DatabaseBeside | null;
beforeAll(async () => {
  // A database of its own: every table is fingerprinted, and on the run's shared one a job left
  // by an earlier file (a card push still without an answer) may be taken up meanwhile.
  database = await ownDatabase();
  server = await startTestServer(database ? { DATABASE_URL: database.url } : {});
  const { app } = server;
  merchant = await newMerchant(server.database.db);
  person = await signUpNewPerson(app);
  await giveAddress(app, person.accessToken);
  funded = await fundedCustomer(app, merchant, 5_000);
  fundedCard = await addCard(app, funded.accessToken, sandboxCards.visaDebit);

  const form = signUpForm();
  const started = await call(app, 'POST', '/v1/users/signup', form);
  expect(started.statusCode).toBe(201);
  signUpAttempt = started.json().attempt_id as string;
  await readCode(app, form.phone_number);

  const customer = refundCustomer();
  refundId = (await createRefund(app, merchant, refundBody(customer))).refund_uuid;
  const claim = await call(app, 'POST', '/v1/customers/claim-refund/otp', {
    refund_uuid: refundId,
    channel: 'mobile',
    purpose: 'REFUND_CLAIM',
    bot_token: SANDBOX_PASSING_BOT_TOKEN,
  });
  expect(claim.statusCode).toBe(200);
  claimAttempt = claim.json().attempt_id as string;

  linkSession = (await startLinkSession(app, person.accessToken)).session_id;
  await openLinkPage(app, `http://localhost/v1/sandbox/bank-link?session=${linkSession}`);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});

/**
 * A fingerprint of every table the API writes to on a request. Left out: the sandbox outbox
 * (messages are written by background workers, and any request that sends one also writes the
 * one-time-code attempt or refund it is about) and the card push checks, which a timer writes
 * when it asks the provider about any push still without an answer, whoever made it.
 */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const listed = await server.database.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('sandbox_messages', 'card_push_checks')
        order by table_name`,
  );
  const names = (listed as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  const union = names
    .map(
      (name) =>
        `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`,
    )
    .join(' union all ');
  const result = await server.database.db.execute(sql.raw(union));
  const rows = (result as unknown as { rows: { name: string; digest: string }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/** Puts `character` inside an otherwise valid value. */
const spoil = (value: string, character: string) =>
  `${value.slice(0, 1)}${character}${value.slice(1)}`;

/** Sets `value` at a dotted path (`customer.first_name`, `returns.0.description`) in a copy. */
function withField(body: Record<string, unknown>, path: string, value: string) {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) ?? ''] = value;
  return copy;
}

interface TextField {
  /** How the field is named in the error message. */
  field: string;
  multiline?: boolean;
  /** Sends the request with this field set to `value` and everything else valid. */
  send(value: string): Promise<LightMyRequestResponse>;
  /** The field's valid value. */
  valid: string;
  /** The message the control-character rule answers, where it is not the default one. */
  message?: string;
  /** Makes what one request uses up (a one-time code), before the database is fingerprinted. */
  prepare?: () => Promise<void>;
}

function bodyFields(
  method: Method,
  url: string,
  body: () => Record<string, unknown>,
  fields: string[],
  options: { token?: () => string; headers?: () => Record<string, string> } = {},
): TextField[] {
  return fields.map((field) => {
    const valid = String(
      field
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], body()),
    );
    return {
      field,
      valid,
      multiline: /(^|\.)description$/.test(field),
      send: (value) =>
        call(server.app, method, url, withField(body(), field, value), {
          token: options.token?.() ?? null,
          headers: options.headers?.() ?? {},
        }),
    };
  });
}

const route = (method: Method, url: string) => `${method} ${url}`;

const routes: [string, () => TextField[]][] = [
  [
    route('POST', '/v1/users/signup'),
    () =>
      bodyFields('POST', '/v1/users/signup', () => signUpForm(), [
        'first_name',
        'last_name',
        'email',
        'phone_number',
        'date_of_birth',
        'bot_token',
      ]),
  ],
  [
    route('POST', '/v1/users/signin'),
    () =>
      bodyFields(
        'POST',
        '/v1/users/signin',
        () => ({ phone_number: person.phone, bot_token: SANDBOX_PASSING_BOT_TOKEN }),
        ['phone_number', 'bot_token'],
      ),
  ],
  [
    route('POST', '/v1/users/verify'),
    () =>
      bodyFields(
        'POST',
        '/v1/users/verify',
        () => ({ attempt_id: signUpAttempt, code: '123456' }),
        ['code'],
      ),
  ],
  [
    route('POST', '/v1/users/resend-code'),
    () =>
      bodyFields(
        'POST',
        '/v1/users/resend-code',
        () => ({ attempt_id: signUpAttempt, bot_token: SANDBOX_PASSING_BOT_TOKEN }),
        ['bot_token'],
      ),
  ],
  [
    route('PUT', '/v1/users/profile/address'),
    () =>
      bodyFields(
        'PUT',
        '/v1/users/profile/address',
        () => ({
          line_1: '1 Main Street',
          line_2: 'Apartment 4',
          city: 'Austin',
          state: 'TX',
          zipcode: '73301',
        }),
        ['line_1', 'line_2', 'city', 'state', 'zipcode'],
        { token: () => person.accessToken },
      ),
  ],
  [
    route('POST', '/v1/cards'),
    () =>
      bodyFields(
        'POST',
        '/v1/cards',
        () => ({
          card_number: sandboxCards.mastercardDebit,
          expiry: '12/30',
          cvv: '123',
          name_on_card: 'Pat Doe',
        }),
        ['card_number', 'expiry', 'cvv', 'name_on_card'],
        { token: () => person.accessToken },
      ),
  ],
  [
    route('POST', '/v1/bank-accounts'),
    () =>
      bodyFields(
        'POST',
        '/v1/bank-accounts',
        () => manualAccount(),
        ['routing_number', 'account_number', 'account_holder_name'],
        { token: () => person.accessToken },
      ),
  ],
  [
    route('POST', '/v1/bank-link/exchange'),
    () =>
      bodyFields(
        'POST',
        '/v1/bank-link/exchange',
        () => ({ code: 'sandbox-code', state: linkSession }),
        ['code'],
        { token: () => person.accessToken },
      ),
  ],
  [
    route('POST', '/v1/sandbox/bank-link'),
    () => [
      {
        field: 'account',
        valid: 'sandbox-national/checking',
        send: (value) =>
          server.app.inject({
            method: 'POST',
            url: '/v1/sandbox/bank-link',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({
              session: linkSession,
              action: 'continue',
              account: value,
            }).toString(),
          }),
      },
    ],
  ],
  [
    route('POST', '/v1/customers/claim-refund/otp'),
    () =>
      bodyFields(
        'POST',
        '/v1/customers/claim-refund/otp',
        () => ({
          refund_uuid: refundId,
          channel: 'email',
          purpose: 'REFUND_CLAIM',
          bot_token: SANDBOX_PASSING_BOT_TOKEN,
        }),
        ['bot_token'],
      ),
  ],
  [
    route('POST', '/v1/customers/resend-otp'),
    () =>
      bodyFields(
        'POST',
        '/v1/customers/resend-otp',
        () => ({
          purpose: 'REFUND_CLAIM',
          attempt_id: claimAttempt,
          bot_token: SANDBOX_PASSING_BOT_TOKEN,
        }),
        ['bot_token'],
      ),
  ],
  [
    route('POST', '/v1/customers/claim-refund/verify'),
    () =>
      bodyFields(
        'POST',
        '/v1/customers/claim-refund/verify',
        () => ({ attempt_id: claimAttempt, code: '123456' }),
        ['code'],
      ),
  ],
  [
    route('GET', '/v1/customers/profile/verify-email/:id'),
    () => [
      {
        field: 'id',
        valid: 'a-link-id-that-is-not-known',
        message: 'This verification link is invalid or has expired.',
        send: (value) =>
          call(
            server.app,
            'GET',
            `/v1/customers/profile/verify-email/${encodeURIComponent(value)}`,
          ),
      },
    ],
  ],
  [
    route('POST', '/v1/merchant/refunds'),
    () => [
      ...bodyFields(
        'POST',
        '/v1/merchant/refunds',
        () => refundBody(refundCustomer()),
        [
          'customer.first_name',
          'customer.last_name',
          'customer.email',
          'customer.phone_number',
          'order_number',
          'description',
          'file_id',
          'returns.0.description',
        ],
        {
          token: () => merchant.apiKey,
          headers: () => ({ 'idempotency-key': crypto.randomUUID() }),
        },
      ),
      {
        field: 'idempotency-key',
        valid: crypto.randomUUID(),
        send: (value) =>
          call(server.app, 'POST', '/v1/merchant/refunds', refundBody(refundCustomer()), {
            token: merchant.apiKey,
            headers: { 'idempotency-key': value },
          }),
      },
    ],
  ],
  [
    route('PUT', '/v1/merchant/webhook-endpoint'),
    () =>
      bodyFields(
        'PUT',
        '/v1/merchant/webhook-endpoint',
        () => ({ url: 'https://hooks.example.com/refunds' }),
        ['url'],
        { token: () => merchant.apiKey },
      ),
  ],
  [
    route('POST', '/v1/redemptions'),
    () => [
      {
        field: 'code',
        valid: '246810',
        prepare: async () => {
          withdrawal = await mintWithdrawalCode(server.database.db, funded.phone);
        },
        send: (value) =>
          call(
            server.app,
            'POST',
            '/v1/redemptions',
            {
              mode: 'debit',
              payment_method_uuid: fundedCard,
              amount_in_cents: 1_000,
              attempt_id: withdrawal?.attempt_id,
              code: value,
            },
            { token: funded.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
          ),
      },
    ],
  ],
  [
    route('GET', '/v1/sandbox/messages'),
    () => [
      {
        field: 'to',
        valid: person.phone,
        send: (value) =>
          call(server.app, 'GET', `/v1/sandbox/messages?to=${encodeURIComponent(value)}`),
      },
    ],
  ],
  ...(
    [
      ['/v1/refunds', () => person.accessToken],
      ['/v1/transactions', () => person.accessToken],
      ['/v1/merchant/webhook-deliveries', () => merchant.apiKey],
    ] as const
  ).map(([url, token]): [string, () => TextField[]] => [
    route('GET', url),
    () => [
      {
        field: 'cursor',
        valid: 'WyIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiXQ',
        send: (value) =>
          call(server.app, 'GET', `${url}?cursor=${encodeURIComponent(value)}`, undefined, {
            token: token(),
          }),
      },
    ],
  ]),
];

function expectRefused(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'code_description', 'message']);
  expect(body).toEqual({ code: 1001, code_description: 'VALIDATION_FAILED', message });
}

describe.each(routes)('%s', (_route, fieldsOf) => {
  it('refuses control characters in each text field with a 400, and changes nothing', async () => {
    for (const field of fieldsOf()) {
      const refused = field.multiline ? controls : [...controls, ...layout];
      for (const character of refused) {
        await field.prepare?.();
        const before = await databaseFingerprint();
        const response = await field.send(spoil(field.valid, character));
        const rule = field.message ?? (field.multiline ? MULTILINE_RULE : TEXT_RULE);
        expectRefused(response, `${field.field}: ${rule}`);
        expect(
          await databaseFingerprint(),
          `${field.field} with ${JSON.stringify(character)}`,
        ).toEqual(before);
      }
    }
  });
});

describe('multi-line text', () => {
  it('a refund keeps the line breaks and tabs of its descriptions', async () => {
    const description = 'Hiking boots\r\nsize 10\tbrown';
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer(), {
        description,
        returns: [{ amount_in_cents: 1_000, description: 'Left boot\nand right boot' }],
      }),
    );
    const shown = await call(
      server.app,
      'GET',
      `/v1/merchant/refunds/${refund.refund_uuid}`,
      undefined,
      { token: merchant.apiKey },
    );
    expect(shown.json()).toMatchObject({
      description,
      returns: [{ description: 'Left boot\nand right boot' }],
    });
  });
});
