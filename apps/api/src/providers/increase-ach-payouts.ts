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

const errorType = (body: unknown): string | undefined => {
  const parsed = errorSchema.safeParse(body);
  return parsed.success ? parsed.data.type : undefined;
};

/** The body's detail can quote the request (account numbers); only the error type is kept. */
const httpError = (status: number, type: string | undefined) =>
  new ProviderHttpError(
    'increase',
    'http',
    `increase: HTTP ${status}${type ? ` ${type}` : ''}`,
    status,
    type,
  );

const noTransfer = (status: number) =>
  new ProviderHttpError(
    'increase',
    'unexpected-answer',
    `increase: HTTP ${status} without an ACH transfer`,
    status,
  );

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
        const type = errorType(answer.body);
        if (answer.status < 500 && type && REQUEST_ERRORS.has(type)) {
          return { status: 'rejected', reason: ACH_REJECTED_REASON };
        }
        throw httpError(answer.status, type);
      }
      const transfer = transferSchema.safeParse(answer.body);
      if (!transfer.success) throw noTransfer(answer.status);
      if (REFUSED_STATUSES.has(transfer.data.status)) {
        return { status: 'rejected', reason: ACH_REJECTED_REASON };
      }
      return { status: 'submitted', providerReference: transfer.data.id };
    },
  };
}

// The fields of Increase's ACH Transfer object that say where a credit is in its lifecycle.
const transferStateSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  idempotency_key: z.string().nullish(),
  settlement: z.object({ settled_at: z.string() }).nullish(),
  return: z.object({ raw_return_reason_code: z.string() }).nullish(),
});

/**
 * Where an ACH credit stands at Increase: not yet sent, sent to FedACH, settled at the receiving
 * bank, returned by it (with its NACHA code), or refused before it left (rejected or canceled).
 */
export type IncreaseTransferState =
  | { id: string; idempotencyKey: string | null; outcome: 'pending' | 'submitted' | 'settled' }
  | { id: string; idempotencyKey: string | null; outcome: 'rejected' }
  | { id: string; idempotencyKey: string | null; outcome: 'returned'; returnCode: string };

export interface IncreaseAchTransfers {
  /** The transfer as Increase has it now; null when Increase has no such transfer. */
  retrieve(transferId: string): Promise<IncreaseTransferState | null>;
}

/** Reads ACH transfers back from Increase (`GET /ach_transfers/{id}`), as its events advise. */
export function createIncreaseAchTransfers(
  options: Omit<IncreaseAchOptions, 'accountId' | 'statementDescriptor'>,
): IncreaseAchTransfers {
  const {
    apiKey,
    baseUrl = 'https://api.increase.com',
    fetchImpl = fetch,
    timeoutMs = 10_000,
  } = options;
  const root = `${baseUrl.replace(/\/+$/, '')}/ach_transfers`;

  return {
    async retrieve(transferId) {
      const answer = await callVendor(
        'increase',
        fetchImpl,
        `${root}/${encodeURIComponent(transferId)}`,
        {
          method: 'GET',
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
        },
        timeoutMs,
      );
      if (answer.status === 404) return null;
      if (!answer.ok) throw httpError(answer.status, errorType(answer.body));
      const parsed = transferStateSchema.safeParse(answer.body);
      if (!parsed.success) throw noTransfer(answer.status);
      const transfer = parsed.data;
      const base = { id: transfer.id, idempotencyKey: transfer.idempotency_key ?? null };
      if (transfer.status === 'returned' || transfer.return) {
        return {
          ...base,
          outcome: 'returned',
          returnCode: transfer.return?.raw_return_reason_code ?? 'unknown',
        };
      }
      if (transfer.status === 'rejected' || transfer.status === 'canceled') {
        return { ...base, outcome: 'rejected' };
      }
      if (transfer.settlement) return { ...base, outcome: 'settled' };
      return { ...base, outcome: transfer.status === 'submitted' ? 'submitted' : 'pending' };
    },
  };
}
