import { z } from 'zod';
import type { AchPayouts } from './ports';
import { callVendor, ProviderHttpError } from './vendor-http';

export interface IncreaseAchOptions {
  apiKey: string;
  /** The Increase account the credits are paid from. */
  accountId: string;
  /** What the customer's bank statement shows. */
  statementDescriptor?: string;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

// Increase's documented ACH Transfer object and error body; only the fields we use.
const transferSchema = z.object({ id: z.string().min(1), status: z.string() });
const errorSchema = z.object({ type: z.string() });

/** Errors about the request itself: retrying cannot help, so the payout is refused. */
const REQUEST_ERRORS = new Set([
  'invalid_parameters_error',
  'malformed_request_error',
  'invalid_operation_error',
]);
const REFUSED_STATUSES = new Set(['rejected', 'canceled', 'returned']);

export const ACH_REJECTED_REASON = 'The bank transfer was not accepted. Check the account details.';

/**
 * ACH credits through Increase (`POST /ach_transfers`). Our payout id is the Idempotency-Key, so
 * a retry after a timeout finds the first transfer instead of paying twice. Settlement and
 * returns arrive later as Increase events (ADR 0008).
 */
export function createIncreaseAchPayouts(options: IncreaseAchOptions): AchPayouts {
  const {
    apiKey,
    accountId,
    statementDescriptor = 'Wallet payout',
    baseUrl = 'https://api.increase.com',
    fetchImpl = fetch,
    timeoutMs = 10_000,
  } = options;
  const url = `${baseUrl.replace(/\/+$/, '')}/ach_transfers`;

  return {
    async submit(credit) {
      const answer = await callVendor(
        'increase',
        fetchImpl,
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
            'idempotency-key': credit.reference,
          },
          body: JSON.stringify({
            account_id: accountId,
            amount: credit.amountCents,
            account_number: credit.accountNumber,
            routing_number: credit.routingNumber,
            funding: credit.accountType,
            individual_name: credit.holderName,
            statement_descriptor: statementDescriptor,
            standard_entry_class_code: 'prearranged_payments_and_deposit',
          }),
        },
        timeoutMs,
      );
      if (!answer.ok) {
        const parsed = errorSchema.safeParse(answer.body);
        const type = parsed.success ? parsed.data.type : undefined;
        if (answer.status < 500 && type && REQUEST_ERRORS.has(type)) {
          return { status: 'rejected', reason: ACH_REJECTED_REASON };
        }
        // The body's detail can quote the request (account numbers); only the type is kept.
        throw new ProviderHttpError(
          'increase',
          'http',
          `increase: HTTP ${answer.status}${type ? ` ${type}` : ''}`,
          answer.status,
          type,
        );
      }
      const transfer = transferSchema.safeParse(answer.body);
      if (!transfer.success) {
        throw new ProviderHttpError(
          'increase',
          'unexpected-answer',
          `increase: HTTP ${answer.status} without an ACH transfer`,
          answer.status,
        );
      }
      if (REFUSED_STATUSES.has(transfer.data.status)) {
        return { status: 'rejected', reason: ACH_REJECTED_REASON };
      }
      return { status: 'submitted', providerReference: transfer.data.id };
    },
  };
}
