import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { merchants } from '../../db/schema';

export interface WebhookEndpoint {
  url: string | null;
  signingSecret: string | null;
}

export const generateSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * Points the merchant's webhooks at a URL with a fresh signing secret. A new secret each time
 * means setting the endpoint again is also how a leaked secret is rotated.
 */
export async function setWebhookEndpoint(
  db: Queryable,
  merchantId: string,
  url: string,
): Promise<{ url: string; signingSecret: string }> {
  const signingSecret = generateSigningSecret();
  await db
    .update(merchants)
    .set({ webhookUrl: url, webhookSecret: signingSecret })
    .where(eq(merchants.id, merchantId));
  return { url, signingSecret };
}

export async function getWebhookEndpoint(
  db: Queryable,
  merchantId: string,
): Promise<WebhookEndpoint> {
  const [row] = await db
    .select({ url: merchants.webhookUrl, signingSecret: merchants.webhookSecret })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row ?? { url: null, signingSecret: null };
}
