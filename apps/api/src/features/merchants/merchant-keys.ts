import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database';
import { merchants } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function generateApiKey(mode: 'live' | 'sandbox'): string {
  return `sk_${mode}_${randomBytes(24).toString('base64url')}`;
}

export interface Merchant {
  id: string;
  name: string;
}

/** Creates a merchant; the key is returned to show once and only its hash is kept. */
export async function createMerchant(
  db: Queryable,
  name: string,
  apiKey: string,
): Promise<Merchant> {
  const [row] = await db
    .insert(merchants)
    .values({ name, apiKeyHash: hashApiKey(apiKey), apiKeyPrefix: apiKey.slice(0, 12) })
    .returning({ id: merchants.id, name: merchants.name });
  if (!row) throw new Error('merchant not created');
  return row;
}

async function merchantByKeyHash(db: Queryable, hash: string): Promise<Merchant | null> {
  const [row] = await db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(eq(merchants.apiKeyHash, hash));
  return row ?? null;
}

/** The merchant an API key belongs to, if any. */
export function findMerchantByApiKey(db: Queryable, apiKey: string): Promise<Merchant | null> {
  return merchantByKeyHash(db, hashApiKey(apiKey));
}

const CACHE_MS = 30_000;

/** Resolves `Authorization: Bearer <api key>` to the merchant it belongs to. */
export function createMerchantAuthenticator(db: Queryable) {
  const cache = new Map<string, { merchant: Merchant | null; at: number }>();
  return async function merchantOf(request: FastifyRequest): Promise<Merchant> {
    const header = request.headers.authorization;
    const key = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!key) throw new DomainError('UNAUTHORIZED', 'Send your API key as a bearer token.');
    const hash = hashApiKey(key);
    const hit = cache.get(hash);
    let merchant = hit && Date.now() - hit.at < CACHE_MS ? hit.merchant : undefined;
    if (merchant === undefined) {
      merchant = await merchantByKeyHash(db, hash);
      if (cache.size > 1000) cache.clear();
      cache.set(hash, { merchant, at: Date.now() });
    }
    if (!merchant) throw new DomainError('UNAUTHORIZED', 'This API key is not valid.');
    return merchant;
  };
}

export type MerchantAuthenticator = ReturnType<typeof createMerchantAuthenticator>;
