import { z } from 'zod';
import type {
  IssuedPrepaidCard,
  PrepaidCardholder,
  PrepaidCardIssueResult,
  PrepaidCardIssuer,
  PrepaidCardSecrets,
  PrepaidCardState,
} from './ports';
import { callVendor, ProviderHttpError, type VendorAnswer } from './vendor-http';

/**
 * Virtual prepaid Visa cards through Stripe Issuing: a cardholder per customer
 * (`POST /issuing/cardholders`), and per purchase one virtual card created inactive with an
 * all-time spending limit of the amount loaded (`POST /issuing/cards`, our reference as the
 * Idempotency-Key and in the card's metadata). Creation is synchronous. Stripe keeps an
 * idempotency key for 24 hours only, so a card is found again by listing the cardholder's
 * cards and matching the metadata, never by creating it again. The number and CVC are read
 * with `expand[]` only when the owner asks, and are never kept or put in an error.
 */
export interface StripeIssuingOptions {
  apiKey: string;
  /** Default Stripe's API, https://api.stripe.com/v1. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

const PROVIDER = 'stripe_issuing';

const cardSchema = z.object({
  id: z.string().min(1),
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
  status: z.enum(['inactive', 'active', 'canceled']),
  metadata: z.record(z.string(), z.string()).default({}),
  spending_controls: z
    .object({
      spending_limits: z
        .array(z.object({ amount: z.number().int(), interval: z.string() }))
        .default([]),
    })
    .default({ spending_limits: [] }),
});
type StripeCard = z.infer<typeof cardSchema>;

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), has_more: z.boolean().default(false) });
const amounts = listOf(z.object({ amount: z.number().int() }));
const errorSchema = z.object({
  error: z.object({ type: z.string().optional(), code: z.string().nullish() }),
});

/** Stripe's form encoding: nested keys in brackets. */
function form(fields: Record<string, string | number | null | undefined>): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) body.append(key, String(value));
  }
  return body.toString();
}

const issued = (card: StripeCard): IssuedPrepaidCard => ({
  issuerCardId: card.id,
  last4: card.last4,
  expMonth: card.exp_month,
  expYear: card.exp_year,
  status: card.status,
});

export function createStripeIssuingPrepaidCards(options: StripeIssuingOptions): PrepaidCardIssuer {
  const baseUrl = (options.baseUrl ?? 'https://api.stripe.com/v1').replace(/\/$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  const send = (
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    idempotencyKey?: string,
  ): Promise<VendorAnswer> =>
    callVendor(
      PROVIDER,
      fetchImpl,
      `${baseUrl}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body }),
      },
      timeoutMs,
    );

  /** The answer's body when it is a 2xx of the expected shape; throws otherwise. */
  function expectOk<T>(answer: VendorAnswer, schema: z.ZodType<T>, what: string): T {
    if (!answer.ok) {
      const code = errorSchema.safeParse(answer.body).data?.error.code ?? undefined;
      throw new ProviderHttpError(
        PROVIDER,
        'http',
        `${PROVIDER}: ${what} answered ${answer.status}`,
        answer.status,
        code,
      );
    }
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      throw new ProviderHttpError(PROVIDER, 'unexpected-answer', `${PROVIDER}: ${what}: bad body`);
    }
    return parsed.data;
  }

  const sum = async (path: string): Promise<number> => {
    const page = expectOk(await send('GET', path), amounts, 'listing card activity');
    return page.data.reduce((total, row) => total + row.amount, 0);
  };

  async function state(card: StripeCard): Promise<PrepaidCardState> {
    const loadedCents =
      card.spending_controls.spending_limits.find((limit) => limit.interval === 'all_time')
        ?.amount ?? 0;
    const id = encodeURIComponent(card.id);
    // Captured purchases are negative and refunds positive; pending holds count against it too.
    const settled = await sum(`/issuing/transactions?card=${id}&limit=100`);
    const held = await sum(`/issuing/authorizations?card=${id}&status=pending&limit=100`);
    return {
      ...issued(card),
      loadedCents,
      balanceCents: Math.max(0, loadedCents + settled - held),
    };
  }

  const getCard = async (issuerCardId: string): Promise<StripeCard> =>
    expectOk(
      await send('GET', `/issuing/cards/${encodeURIComponent(issuerCardId)}`),
      cardSchema,
      'reading a card',
    );

  return {
    async cardholder(customerId: string, person: PrepaidCardholder): Promise<string> {
      const answer = await send(
        'POST',
        '/issuing/cardholders',
        form({
          type: 'individual',
          name: `${person.firstName} ${person.lastName}`,
          email: person.email,
          phone_number: person.phone,
          'individual[first_name]': person.firstName,
          'individual[last_name]': person.lastName,
          'billing[address][line1]': person.address.line1,
          'billing[address][line2]': person.address.line2,
          'billing[address][city]': person.address.city,
          'billing[address][state]': person.address.state,
          'billing[address][postal_code]': person.address.zipcode,
          'billing[address][country]': 'US',
          'metadata[customer_id]': customerId,
        }),
        `cardholder-${customerId}`,
      );
      return expectOk(answer, z.object({ id: z.string().min(1) }), 'creating a cardholder').id;
    },

    async issue({ reference, issuerCardholderId, amountCents }): Promise<PrepaidCardIssueResult> {
      const answer = await send(
        'POST',
        '/issuing/cards',
        form({
          cardholder: issuerCardholderId,
          currency: 'usd',
          type: 'virtual',
          status: 'inactive',
          'spending_controls[spending_limits][0][amount]': amountCents,
          'spending_controls[spending_limits][0][interval]': 'all_time',
          'metadata[reference]': reference,
        }),
        reference,
      );
      // A refusal of the request itself (4xx but a rate limit) is final: nothing was issued.
      if (!answer.ok && answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
        const code = errorSchema.safeParse(answer.body).data?.error.code ?? null;
        return { status: 'failed', reason: code ?? `http_${answer.status}` };
      }
      return { status: 'issued', card: issued(expectOk(answer, cardSchema, 'issuing a card')) };
    },

    async lookup({ reference, issuerCardholderId }) {
      let startingAfter: string | null = null;
      for (;;) {
        const query = new URLSearchParams({ cardholder: issuerCardholderId, limit: '100' });
        if (startingAfter) query.set('starting_after', startingAfter);
        const page = expectOk(
          await send('GET', `/issuing/cards?${query.toString()}`),
          listOf(cardSchema),
          'listing cards',
        );
        const card = page.data.find((each) => each.metadata.reference === reference);
        if (card) return { status: 'issued', card: issued(card) };
        const last = page.data.at(-1);
        if (!page.has_more || !last) return { status: 'not_found' };
        startingAfter = last.id;
      }
    },

    async card(issuerCardId: string): Promise<PrepaidCardState> {
      return state(await getCard(issuerCardId));
    },

    async activate(issuerCardId: string): Promise<PrepaidCardState> {
      const card = await getCard(issuerCardId);
      if (card.status !== 'inactive') return state(card);
      const answer = await send(
        'POST',
        `/issuing/cards/${encodeURIComponent(issuerCardId)}`,
        form({ status: 'active' }),
      );
      return state(expectOk(answer, cardSchema, 'activating a card'));
    },

    async secrets(issuerCardId: string): Promise<PrepaidCardSecrets> {
      const answer = await send(
        'GET',
        `/issuing/cards/${encodeURIComponent(issuerCardId)}?expand[]=number&expand[]=cvc`,
      );
      const card = expectOk(
        answer,
        z.object({
          number: z.string().regex(/^\d{12,19}$/),
          cvc: z.string().regex(/^\d{3,4}$/),
          exp_month: z.number().int(),
          exp_year: z.number().int(),
        }),
        'reading card details',
      );
      return {
        number: card.number,
        cvc: card.cvc,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
    },
  };
}
