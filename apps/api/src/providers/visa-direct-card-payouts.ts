import { ProviderFailure } from '../domain/provider-failure';
import { createHash, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { CardFunding, CardPayoutProvider, CardPushOutcome, CardPushResult } from './ports';

/**
 * Who we are to Visa: values fixed at program enrolment. The defaults are Visa's sandbox test
 * originator; production configuration must give its own.
 */
export interface VisaDirectOriginator {
  acquiringBin: string;
  /** ISO 3166 numeric country of the acquirer, e.g. 840. */
  acquirerCountryCode: string;
  /** FD: funds disbursement, a business paying a consumer. */
  businessApplicationId: string;
  merchantCategoryCode: string;
  /** 05: a deposit account not linked to a card (our settlement account). */
  sourceOfFundsCode: string;
  senderName: string;
  cardAcceptor: {
    name: string;
    idCode: string;
    terminalId: string;
    /** County is optional for Visa; omitted when not configured. */
    address: { country: string; state: string; zipCode: string; county?: string };
  };
}

export const visaSandboxOriginator: VisaDirectOriginator = {
  acquiringBin: '408999',
  acquirerCountryCode: '840',
  businessApplicationId: 'FD',
  merchantCategoryCode: '6012',
  sourceOfFundsCode: '05',
  senderName: 'Refund Wallet',
  cardAcceptor: {
    name: 'Refund Wallet',
    idCode: 'REFUNDWALLET001',
    terminalId: 'RW000001',
    address: { country: 'USA', state: 'CA', zipCode: '94404', county: '081' },
  },
};

export interface VisaDirectOptions {
  /** https://api.visa.com in production, https://sandbox.api.visa.com for Visa's sandbox. */
  baseUrl: string;
  userId: string;
  password: string;
  originator?: VisaDirectOriginator;
  /** Visa also requires mutual TLS: pass a fetch whose dispatcher carries the client certificate. */
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

export type VisaDirectFailure =
  'invalid-request' | 'timeout' | 'network' | 'http' | 'pending' | 'unexpected-answer';

/**
 * A call whose outcome we do not know, or that Visa refused as a message. Never carries the card
 * number or the credentials, so it is safe to log and to report whole.
 */
export class VisaDirectError extends ProviderFailure {
  override readonly name = 'VisaDirectError';
  readonly provider = 'visa-direct';
  get outage(): boolean {
    if (this.reason === 'invalid-request') return false;
    return !(this.reason === 'http' && this.status !== undefined && this.status < 500);
  }

  constructor(
    readonly reason: VisaDirectFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const INQUIRY_PATH = '/paai/fundstransferattinq/v5/cardattributes/fundstransferinquiry';
const PUSH_PATH = '/visadirect/fundstransfer/v1/pushfundstransactions';
const QUERY_PATH = '/visadirect/v1/transactionquery';

/** Integer cents as the decimal dollars Visa expects ("12.34"), by string, with no float step. */
export function formatVisaAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new VisaDirectError('invalid-request', 'visa-direct: amount must be positive cents');
  }
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * The trace numbers of a payout, derived from our reference so a retry of the same payout carries
 * the same ones (Visa finds a transaction by them when its outcome is unknown).
 */
export function traceNumbers(reference: string): {
  retrievalReferenceNumber: string;
  systemsTraceAuditNumber: string;
} {
  const digest = createHash('sha256').update(reference).digest();
  const rrn = (digest.readBigUInt64BE(0) % 10n ** 12n).toString().padStart(12, '0');
  return { retrievalReferenceNumber: rrn, systemsTraceAuditNumber: rrn.slice(-6) };
}

// Visa's card type codes (cardProductType in v5, cardTypeCode before). A charge card is a credit
// line; deferred debit is neither an instant deposit account nor a credit line, so it is unknown.
const fundingByCode: Record<string, CardFunding> = {
  D: 'debit',
  C: 'credit',
  H: 'credit',
  P: 'prepaid',
};

const inquiryAnswerSchema = z
  .object({
    visaNetworkInfo: z
      .array(
        z.object({ cardProductType: z.string().optional(), cardTypeCode: z.string().optional() }),
      )
      .optional(),
    ppgsNetworkInfo: z.array(z.object({ cardTypeCode: z.string().optional() })).optional(),
  })
  .refine((a) => (a.visaNetworkInfo?.length ?? 0) + (a.ppgsNetworkInfo?.length ?? 0) > 0);

const pushAnswerSchema = z.object({
  actionCode: z.string().regex(/^[0-9A-Z]{2}$/),
  transactionIdentifier: z
    .union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)])
    .optional(),
});

// ISO 8583 action codes an issuer answers an OCT with, in words a customer understands.
const declineReasons: Record<string, string> = {
  '04': 'The card issuer declined the payout.',
  '05': 'The card issuer declined the payout.',
  '14': 'The card number is not valid for payouts.',
  '15': 'The card issuer could not be found.',
  '41': 'The card was reported lost.',
  '43': 'The card was reported stolen.',
  '46': 'The card account is closed.',
  '54': 'The card has expired.',
  '57': 'The card cannot receive payouts.',
  '61': 'The amount is above what the card can receive.',
  '62': 'The card is restricted.',
  '65': 'The card has received too many payouts; try again later.',
  '91': 'The card issuer is unavailable; try again later.',
  '93': 'The card issuer declined the payout.',
};

// A Transaction Query record; by default Visa answers these fields (and a list of records).
const queryRecordSchema = z.object({
  statusCode: z.string().optional(),
  actionCode: z.string().optional(),
  transactionIdentifier: z
    .union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)])
    .optional(),
  retrievalReferenceNumber: z.union([z.string(), z.number()]).optional(),
  systemsTraceAuditNumber: z.union([z.string(), z.number()]).optional(),
});
const queryAnswerSchema = z.union([
  z.array(queryRecordSchema),
  queryRecordSchema.transform((record) => [record]),
]);
type QueryRecord = z.infer<typeof queryRecordSchema>;

/** How Visa words "nothing matches these parameters". */
const NOTHING_FOUND = /no (matching )?(transactions?|records?)( were)? found/i;

const errorBodySchema = z.object({
  errorResponse: z.object({ reason: z.string().optional(), message: z.string().optional() }),
});

/** Vendors echo requests back in error text; drop anything shaped like a card number. */
const redact = (text: string) => text.replace(/\d[\d -]{10,}\d/g, '[redacted]').slice(0, 200);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function declineReason(actionCode: string): string {
  return declineReasons[actionCode] ?? `The card issuer declined the payout (code ${actionCode}).`;
}

/** Visa's words in an error body, redacted; empty when there are none. */
function errorDetail(answer: unknown): string {
  const parsed = errorBodySchema.safeParse(answer);
  if (!parsed.success) return '';
  const { reason, message } = parsed.data.errorResponse;
  return redact([reason, message].filter(Boolean).join(' '));
}

/** Reads one query record as a push outcome; a record we cannot read is not an outcome. */
function outcomeOf(record: QueryRecord): CardPushOutcome {
  const status = record.statusCode?.toUpperCase() ?? '';
  if (status.includes('PEND') || status.includes('PROCESS')) return { status: 'pending' };
  const actionCode = record.actionCode;
  if (!actionCode || !/^[0-9A-Z]{2}$/.test(actionCode)) {
    throw new VisaDirectError('unexpected-answer', 'visa-direct: query record without an outcome');
  }
  if (actionCode !== '00') return { status: 'declined', reason: declineReason(actionCode) };
  if (record.transactionIdentifier === undefined) {
    throw new VisaDirectError(
      'unexpected-answer',
      'visa-direct: approved query record without a transaction identifier',
    );
  }
  return { status: 'succeeded', networkReference: String(record.transactionIdentifier) };
}

export function createVisaDirectCardPayouts(options: VisaDirectOptions): CardPayoutProvider {
  const {
    baseUrl,
    userId,
    password,
    originator = visaSandboxOriginator,
    fetchImpl = fetch,
    timeoutMs = 30_000,
    now = () => new Date(),
  } = options;
  const root = baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${userId}:${password}`).toString('base64')}`;

  async function send(
    path: string,
    body?: unknown,
  ): Promise<{ status: number; ok: boolean; answer: unknown }> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${root}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      // The cause is dropped on purpose: fetch errors can quote the request, card number included.
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new VisaDirectError('timeout', `visa-direct: no answer within ${timeoutMs} ms`);
      }
      throw new VisaDirectError('network', 'visa-direct: request failed before an answer arrived');
    }
    return { status: response.status, ok: response.ok, answer: parseJson(text) };
  }

  async function post(path: string, body: unknown): Promise<{ status: number; answer: unknown }> {
    const { status, ok, answer } = await send(path, body);
    if (!ok) {
      const detail = errorDetail(answer);
      throw new VisaDirectError(
        'http',
        `visa-direct: HTTP ${status}${detail ? `: ${detail}` : ''}`,
        status,
      );
    }
    return { status, answer };
  }

  return {
    async fundingOf(cardNumber) {
      const { retrievalReferenceNumber, systemsTraceAuditNumber } = traceNumbers(
        `inquiry:${randomInt(2 ** 47)}:${now().getTime()}`,
      );
      const { answer } = await post(INQUIRY_PATH, {
        primaryAccountNumber: cardNumber,
        retrievalReferenceNumber,
        systemsTraceAuditNumber,
        acquiringBin: Number(originator.acquiringBin),
        acquirerCountryCode: originator.acquirerCountryCode,
      });
      const parsed = inquiryAnswerSchema.safeParse(answer);
      if (!parsed.success) {
        throw new VisaDirectError(
          'unexpected-answer',
          'visa-direct: inquiry answer without card attributes',
        );
      }
      const codes = [
        ...(parsed.data.visaNetworkInfo ?? []).map((n) => n.cardProductType ?? n.cardTypeCode),
        ...(parsed.data.ppgsNetworkInfo ?? []).map((n) => n.cardTypeCode),
      ].map((code): CardFunding => (code && fundingByCode[code]) || 'unknown');
      // Networks that disagree (a combo card) leave us unsure what a push would land in.
      return codes.every((funding) => funding === codes[0]) ? (codes[0] ?? 'unknown') : 'unknown';
    },

    async push({ cardNumber, amountCents, reference }): Promise<CardPushResult> {
      if (!reference)
        throw new VisaDirectError('invalid-request', 'visa-direct: reference missing');
      const amount = formatVisaAmount(amountCents);
      const { status, answer } = await post(PUSH_PATH, {
        ...traceNumbers(reference),
        localTransactionDateTime: now().toISOString().slice(0, 19),
        acquiringBin: originator.acquiringBin,
        acquirerCountryCode: originator.acquirerCountryCode,
        businessApplicationId: originator.businessApplicationId,
        merchantCategoryCode: originator.merchantCategoryCode,
        sourceOfFundsCode: originator.sourceOfFundsCode,
        senderName: originator.senderName,
        senderReference: reference.replace(/[^A-Za-z0-9]/g, '').slice(0, 16),
        cardAcceptor: originator.cardAcceptor,
        recipientPrimaryAccountNumber: cardNumber,
        amount,
        transactionCurrencyCode: 'USD',
      });
      // 202: Visa accepted the push but the issuer has not answered yet; the outcome is unknown.
      if (status === 202) {
        throw new VisaDirectError('pending', 'visa-direct: payout accepted, outcome pending', 202);
      }
      const parsed = pushAnswerSchema.safeParse(answer);
      if (!parsed.success) {
        throw new VisaDirectError(
          'unexpected-answer',
          `visa-direct: HTTP ${status} without an action code`,
          status,
        );
      }
      const { actionCode, transactionIdentifier } = parsed.data;
      if (actionCode !== '00') {
        return { status: 'declined', reason: declineReason(actionCode) };
      }
      // Approved without Visa's id: the money probably moved, so this is not a decline.
      if (transactionIdentifier === undefined) {
        throw new VisaDirectError(
          'unexpected-answer',
          'visa-direct: approval without a transaction identifier',
          status,
        );
      }
      return { status: 'succeeded', networkReference: String(transactionIdentifier) };
    },

    /**
     * Visa's Transaction Query API, by the trace numbers the push carried (derived from our
     * reference, so they are known even when the push got no answer).
     */
    async lookup(reference): Promise<CardPushOutcome> {
      if (!reference)
        throw new VisaDirectError('invalid-request', 'visa-direct: reference missing');
      const { retrievalReferenceNumber: rrn, systemsTraceAuditNumber: stan } =
        traceNumbers(reference);
      const query = new URLSearchParams({ acquiringBIN: originator.acquiringBin, rrn, stan });
      const { status, ok, answer } = await send(`${QUERY_PATH}?${query.toString()}`);
      const detail = errorDetail(answer);
      const nothing =
        NOTHING_FOUND.test(detail) || NOTHING_FOUND.test(JSON.stringify(answer ?? ''));
      if (status === 404 || (nothing && status < 500)) return { status: 'not_found' };
      if (!ok) {
        throw new VisaDirectError(
          'http',
          `visa-direct: HTTP ${status}${detail ? `: ${detail}` : ''}`,
          status,
        );
      }
      const parsed = queryAnswerSchema.safeParse(answer);
      if (!parsed.success) {
        throw new VisaDirectError(
          'unexpected-answer',
          `visa-direct: HTTP ${status} without transaction records`,
          status,
        );
      }
      // Only this push's records: the trace numbers must be ours where Visa repeats them.
      const ours = parsed.data.filter(
        (record) =>
          (record.retrievalReferenceNumber === undefined ||
            String(record.retrievalReferenceNumber) === rrn) &&
          (record.systemsTraceAuditNumber === undefined ||
            String(record.systemsTraceAuditNumber).padStart(6, '0') === stan),
      );
      if (ours.length === 0) return { status: 'not_found' };
      const outcomes = ours.map(outcomeOf);
      // An approval anywhere in the lifecycle means the money moved; a decline is final only
      // when nothing is still in progress.
      return (
        outcomes.find((o) => o.status === 'succeeded') ??
        outcomes.find((o) => o.status === 'pending') ??
        outcomes[0] ?? { status: 'not_found' }
      );
    },
  };
}
