import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiAccessToken, type Person } from './people';

/** The seeded sandbox merchant, "Summit Sports". */
export const MERCHANT_NAME = 'Summit Sports';
export const merchantHeaders = { Authorization: 'Bearer sk_sandbox_summit_sports_demo_key_0001' };

export interface ReturnLine {
  amount_in_cents: number;
  description: string;
  state?: 'available' | 'awaiting_pickup' | 'awaiting_fraud_check';
  fraud_hold_amount_in_cents?: number;
  fraud_hold_expires_at?: string;
}

export interface CreatedRefund {
  refund_uuid: string;
  /** The claim link's path, e.g. /claim/{uuid}. */
  claimPath: string;
  amount_in_cents: number;
}

/** A refund approved by the sandbox merchant for `person`, as a merchant would create it. */
export async function createRefund(
  request: APIRequestContext,
  person: Person,
  options: {
    withPhone?: boolean;
    returns?: ReturnLine[];
    orderNumber?: string;
    fileId?: string;
    description?: string;
  } = {},
): Promise<CreatedRefund> {
  const response = await request.post('/v1/merchant/refunds', {
    headers: { ...merchantHeaders, 'Idempotency-Key': randomUUID() },
    data: {
      customer: {
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        phone_number: options.withPhone === false ? null : person.phone,
      },
      order_number: options.orderNumber ?? `SS-${randomUUID().slice(0, 8)}`,
      description: options.description ?? 'Trail running shoes, size 10',
      ...(options.fileId ? { file_id: options.fileId } : {}),
      returns: options.returns ?? [{ amount_in_cents: 4250, description: 'Trail running shoes' }],
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as {
    refund_uuid: string;
    claim_url: string;
    amount_in_cents: number;
  };
  return {
    refund_uuid: body.refund_uuid,
    claimPath: new URL(body.claim_url).pathname,
    amount_in_cents: body.amount_in_cents,
  };
}

export async function cancelRefund(request: APIRequestContext, refundUuid: string) {
  const response = await request.post(`/v1/merchant/refunds/${refundUuid}/cancel`, {
    headers: merchantHeaders,
  });
  expect(response.status()).toBe(200);
}

/** Claims refunds for an existing account through the API (sign in by SMS code, then claim). */
export async function claimThroughApi(
  request: APIRequestContext,
  person: Person,
  ...refundUuids: string[]
): Promise<void> {
  const accessToken = await apiAccessToken(request, person);
  await claimWithToken(request, accessToken, ...refundUuids);
  await request.post('/v1/users/logout', { headers: { Authorization: `Bearer ${accessToken}` } });
}

/** Claims refunds as the signed-in customer whose access token is given. */
export async function claimWithToken(
  request: APIRequestContext,
  accessToken: string,
  ...refundUuids: string[]
): Promise<void> {
  for (const refundUuid of refundUuids) {
    const claimed = await request.post('/v1/customers/claim-refund', {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { refund_uuid: refundUuid },
    });
    expect(claimed.status()).toBe(200);
  }
}

/** The address of the newest email-verification link the sandbox kept for `email`. */
export async function readMagicLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/v1/sandbox/messages?to=${encodeURIComponent(email)}`);
        const body = (await response.json()) as { data: { body: string }[] };
        const message = body.data.find((m) => m.body.includes('/intent?id='));
        link = message ? /(https?:\/\/\S+\/intent\?id=[\w-]+)/.exec(message.body)?.[1] : undefined;
        return link;
      },
      { timeout: 15_000, intervals: [100, 200, 300] },
    )
    .toBeTruthy();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

/** A date-time a few days ahead, on a whole minute so its display is unambiguous. */
export function daysAhead(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
}

export { signInThroughApi as signIn } from './people';
