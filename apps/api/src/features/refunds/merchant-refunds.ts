import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { formatMoney } from '@refund/contracts/format';
import type { createRefundRequestSchema, MerchantRefund } from '@refund/contracts/merchant';
import type { z } from 'zod';
import { crashPoint } from '../../crash-point';
import type { Db, Tx } from '../../db/database';
import { files, refundReturns, refunds } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { JobQueue } from '../../jobs/job-queue';
import type { Merchant } from '../merchants/merchant-keys';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import { releaseReturn, reverseReturn } from './refund-money';
import { claimUrl, merchantRefundView, returnsOf } from './refund-views';

type CreateRefund = z.output<typeof createRefundRequestSchema>;

const DEFAULT_LIFETIME_DAYS = 30;

export interface MerchantRefundDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendIn' | 'sendMessageIn'>;
  publicUrl: string;
}

/** What the claim link's messages say of a refund just written. */
interface NewRefund {
  id: string;
  amountCents: number;
  orderNumber: string;
  customer: CreateRefund['customer'];
  expiresAt: Date;
}

const requestHash = (body: CreateRefund) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex');

export function createMerchantRefunds(deps: MerchantRefundDeps) {
  const { db } = deps;

  async function load(merchantId: string, refundId: string): Promise<MerchantRefund> {
    const [refund] = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, refundId), eq(refunds.merchantId, merchantId)));
    if (!refund) throw new DomainError('NOT_FOUND', 'No refund with this id.');
    const rows = (await returnsOf(db, [refund.id])).get(refund.id) ?? [];
    return merchantRefundView(refund, rows, deps.publicUrl);
  }

  /** Queued with the refund, in its transaction: a refund never exists without its link. */
  async function queueClaimLink(tx: Tx, merchant: Merchant, refund: NewRefund): Promise<void> {
    const amount = formatMoney(refund.amountCents);
    const link = claimUrl(deps.publicUrl, refund.id);
    const text = `${merchant.name} approved your return for order ${refund.orderNumber}. Claim your ${amount} refund instantly: ${link}`;
    if (refund.customer.phone_number) {
      await deps.jobs.sendMessageIn(tx, {
        channel: 'sms',
        to: refund.customer.phone_number,
        body: text,
      });
    }
    await deps.jobs.sendMessageIn(tx, {
      channel: 'email',
      to: refund.customer.email,
      subject: `Your ${amount} refund from ${merchant.name} is ready`,
      text: `Hi ${refund.customer.first_name},\n\n${text}\n\nThe link expires on ${refund.expiresAt.toISOString().slice(0, 10)}.`,
    });
  }

  return {
    load,

    /**
     * Creates a refund once per idempotency key: the same key with the same body answers the
     * same refund; with another body it is refused. Concurrent requests with one key make one
     * refund (the unique key decides) and one claim link.
     */
    async create(
      merchant: Merchant,
      idempotencyKey: string,
      body: CreateRefund,
    ): Promise<{ refund: MerchantRefund; created: boolean }> {
      const expiresAt = body.expires_at
        ? new Date(body.expires_at)
        : new Date(Date.now() + DEFAULT_LIFETIME_DAYS * 86_400_000);
      if (expiresAt.getTime() <= Date.now())
        throw new DomainError('VALIDATION_FAILED', 'expires_at must be in the future');
      for (const r of body.returns) {
        if (r.fraud_hold_expires_at && new Date(r.fraud_hold_expires_at).getTime() <= Date.now()) {
          throw new DomainError('VALIDATION_FAILED', 'fraud_hold_expires_at must be in the future');
        }
      }
      const keys = [body.splash_file_key, body.logo_file_key].filter((k): k is string => !!k);
      if (keys.length > 0) {
        const owned = await db
          .select({ key: files.key })
          .from(files)
          .where(and(inArray(files.key, keys), eq(files.merchantId, merchant.id)));
        if (owned.length !== new Set(keys).size) throw new DomainError('FILE_NOT_OWNED');
      }
      const hash = requestHash(body);
      const amountCents = body.returns.reduce((sum, r) => sum + r.amount_in_cents, 0);
      const outcome = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(refunds)
          .values({
            merchantId: merchant.id,
            idempotencyKey,
            requestHash: hash,
            customerFirstName: body.customer.first_name,
            customerLastName: body.customer.last_name,
            customerEmail: body.customer.email,
            customerPhone: body.customer.phone_number ?? null,
            orderNumber: body.order_number,
            description: body.description,
            fileId: body.file_id ?? null,
            splashFileKey: body.splash_file_key ?? null,
            logoFileKey: body.logo_file_key ?? null,
            amountCents,
            expiresAt,
          })
          .onConflictDoNothing()
          .returning({ id: refunds.id });
        if (inserted) {
          await tx.insert(refundReturns).values(
            body.returns.map((r, position) => ({
              refundId: inserted.id,
              position,
              amountCents: r.amount_in_cents,
              description: r.description,
              state: r.state,
              holdCents:
                r.state === 'awaiting_pickup'
                  ? r.amount_in_cents
                  : r.state === 'awaiting_fraud_check'
                    ? (r.fraud_hold_amount_in_cents ?? 0)
                    : 0,
              holdExpiresAt: r.fraud_hold_expires_at ? new Date(r.fraud_hold_expires_at) : null,
            })),
          );
          await queueClaimLink(tx, merchant, {
            id: inserted.id,
            amountCents,
            orderNumber: body.order_number,
            customer: body.customer,
            expiresAt,
          });
          return { id: inserted.id, created: true };
        }
        const [existing] = await tx
          .select({ id: refunds.id, requestHash: refunds.requestHash })
          .from(refunds)
          .where(
            and(eq(refunds.merchantId, merchant.id), eq(refunds.idempotencyKey, idempotencyKey)),
          );
        if (!existing) throw new Error('idempotent refund vanished');
        if (existing.requestHash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
        return { id: existing.id, created: false };
      });
      if (outcome.created) crashPoint('merchant-refund-created');
      return { refund: await load(merchant.id, outcome.id), created: outcome.created };
    },

    async labelScanned(
      merchant: Merchant,
      refundId: string,
      returnId: string,
    ): Promise<MerchantRefund> {
      await releaseReturn(db, deps.jobs, {
        merchantId: merchant.id,
        refundId,
        returnId,
        cause: 'label_scanned',
      });
      return load(merchant.id, refundId);
    },

    async fraudCheck(
      merchant: Merchant,
      refundId: string,
      returnId: string,
      result: 'passed' | 'failed',
    ): Promise<MerchantRefund> {
      if (result === 'passed') {
        await releaseReturn(db, deps.jobs, {
          merchantId: merchant.id,
          refundId,
          returnId,
          cause: 'fraud_passed',
        });
      } else {
        await reverseReturn(db, deps.jobs, { merchantId: merchant.id, refundId, returnId });
      }
      return load(merchant.id, refundId);
    },

    /** Only an unclaimed refund can be cancelled; its link then shows the claim error page. */
    async cancel(merchant: Merchant, refundId: string): Promise<MerchantRefund> {
      const cancelled = await db.transaction(async (tx) => {
        const [refund] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.id, refundId), eq(refunds.merchantId, merchant.id)))
          .for('update');
        if (!refund) throw new DomainError('NOT_FOUND', 'No refund with this id.');
        if (refund.status === 'cancelled') return false;
        if (refund.status !== 'pending') throw new DomainError('REFUND_NOT_CANCELLABLE');
        await tx.update(refunds).set({ status: 'cancelled' }).where(eq(refunds.id, refund.id));
        await recordWebhookEvent(tx, deps.jobs, {
          merchantId: merchant.id,
          type: 'refund.cancelled',
          dedupeKey: `${refund.id}:refund.cancelled`,
          data: {
            refund_uuid: refund.id,
            order_number: refund.orderNumber,
            amount_in_cents: refund.amountCents,
          },
        });
        return true;
      });
      if (cancelled) crashPoint('merchant-refund-cancelled');
      return load(merchant.id, refundId);
    },
  };
}

export type MerchantRefunds = ReturnType<typeof createMerchantRefunds>;
