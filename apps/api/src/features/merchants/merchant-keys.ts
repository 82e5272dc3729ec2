import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CustomerChanges } from '../../db/customer-changes';
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

/** The keys a process keeps checked at most; past it the longest-unused one goes. */
const MAX_KEPT = 1_000;

/**
 * Resolves `Authorization: Bearer <api key>` to the merchant it belongs to. A key checked is
 * kept until the database announces a change to the merchants (migration 0035), whoever made it,
 * on whichever instance: a key rotated or revoked is refused by every instance at once. While
 * changes are not heard (the listening connection is lost), every request checks its key
 * afresh: what was kept went when the connection was lost, and nothing is kept until it is back.
 */
export function createMerchantAuthenticator(
  db: Queryable,
  changes: Pick<CustomerChanges, 'live' | 'subscribe'>,
) {
  const kept = new Map<string, Merchant | null>();
  /** Counts the changes heard: a check that a change overtook is answered but not kept. */
  let generation = 0;
  changes.subscribe((change) => {
    if (change !== 'merchants' && change !== 'all') return;
    generation += 1;
    kept.clear();
  });

  async function check(hash: string): Promise<Merchant | null> {
    const hit = kept.get(hash);
    if (hit !== undefined) {
      // Most recently used last, so the oldest use goes first when full.
      kept.delete(hash);
      kept.set(hash, hit);
      return hit;
    }
    const startedIn = generation;
    const merchant = await merchantByKeyHash(db, hash);
    if (startedIn === generation && changes.live()) {
      kept.set(hash, merchant);
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
    }
    return merchant;
  }

  return async function merchantOf(request: FastifyRequest): Promise<Merchant> {
    const header = request.headers.authorization;
    const key = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!key) throw new DomainError('UNAUTHORIZED', 'Send your API key as a bearer token.');
    const merchant = await check(hashApiKey(key));
    if (!merchant) throw new DomainError('UNAUTHORIZED', 'This API key is not valid.');
    return merchant;
  };
}

export type MerchantAuthenticator = ReturnType<typeof createMerchantAuthenticator>;
